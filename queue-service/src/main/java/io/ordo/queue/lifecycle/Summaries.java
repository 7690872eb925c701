package io.ordo.queue.lifecycle;

import io.ordo.model.TaskInfo;
import io.ordo.model.TaskState;
import io.vertx.core.json.JsonObject;

/** The summary a closed task history keeps: the message's last task info and how it ended. */
public final class Summaries {
  private Summaries() {}

  /**
   * @param outcome {@code type} (COMPLETED, FAILED, REMOVED, RELEASED, STOPPED, TIMED_OUT) and the
   *     result or error
   */
  public static JsonObject disposed(TaskInfo info, JsonObject outcome) {
    return info.toJson().put("state", TaskState.DISPOSED.name()).put("outcome", outcome);
  }

  public static JsonObject outcome(String type) {
    return new JsonObject().put("type", type);
  }
}
