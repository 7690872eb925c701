package io.ordo.client.report;

import io.vertx.core.json.JsonArray;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/** Reads the task lists of a queue object, checking that each task is of the queue's kind. */
final class TaskInfoLists {
  private TaskInfoLists() {}

  static <T extends RegisteredTaskInfo> List<T> read(JsonArray array, Class<T> kind) {
    if (array == null) {
      return List.of();
    }
    List<T> list = new ArrayList<>(array.size());
    for (int i = 0; i < array.size(); i++) {
      list.add(as(RegisteredTaskInfo.fromJson(array.getJsonObject(i)), kind));
    }
    return Collections.unmodifiableList(list);
  }

  /** The strings of an array; empty if absent (a member a node of an earlier Ordo leaves out). */
  static List<String> strings(JsonArray array) {
    return array == null ? List.of() : array.stream().map(String.class::cast).toList();
  }

  static <T extends RegisteredTaskInfo> T as(RegisteredTaskInfo info, Class<T> kind) {
    if (!kind.isInstance(info)) {
      throw new IllegalStateException(
          "task " + info.getMessageId() + " is not a " + kind.getSimpleName() + " in the answer");
    }
    return kind.cast(info);
  }
}
