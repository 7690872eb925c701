package io.ordo.bus;

import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.util.List;

/**
 * The queue service's answer to a {@link ClaimRequest}: the messages it claimed and accepted for
 * the runner, oldest received first.
 */
public record ClaimedTasks(List<ClaimedTask> tasks) {

  public JsonObject toJson() {
    JsonArray items = new JsonArray();
    tasks.forEach(task -> items.add(task.toJson()));
    return new JsonObject().put("tasks", items);
  }

  public static ClaimedTasks fromJson(JsonObject json) {
    return new ClaimedTasks(
        json.getJsonArray("tasks").stream()
            .map(task -> ClaimedTask.fromJson((JsonObject) task))
            .toList());
  }
}
