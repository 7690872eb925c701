package io.ordo.history;

import io.ordo.model.QueueKind;
import io.ordo.model.TaskInfo;
import io.ordo.model.TaskState;
import io.vertx.core.json.JsonObject;
import java.time.Instant;
import java.util.List;
import java.util.Objects;

/**
 * The summary a closed task history keeps, and the task info read back from it. The summary holds
 * what the message's life added to its request (its node, times, attempt, last heartbeat, back-off
 * and outcome) and the names a list filters on; what its {@code TaskScheduled} event (event 1)
 * already records as it stays (the parameter, timeouts, retry policy, sent time) is stored there
 * once and joined back on reading, and its id and received time are the header's key and start;
 * absent values are left out. A summary an earlier Ordo wrote holds everything; its own values win.
 */
public final class TaskSummaries {
  /** The task info's values that its {@code TaskScheduled} event holds unchanged. */
  private static final List<String> SCHEDULED =
      List.of("parameter", "timeouts", "retry", "sentTime");

  /** A serial message's flag, which {@code TaskScheduled} records for every message. */
  private static final String STOP_PROGRESS_ON_ERROR = "stopProgressOnError";

  private TaskSummaries() {}

  /**
   * How a message ended, as its summary's {@code outcome}.
   *
   * @param type COMPLETED, FAILED, REMOVED, RELEASED, STOPPED or TIMED_OUT; the caller adds the
   *     result or error
   */
  public static JsonObject outcome(String type) {
    return new JsonObject().put("type", type);
  }

  /**
   * @param outcome {@code type} ({@link #outcome}) and the result or error
   */
  public static JsonObject closed(TaskInfo info, JsonObject outcome) {
    JsonObject summary =
        info.toJson().put("state", TaskState.DISPOSED.name()).put("outcome", outcome);
    summary.remove("messageId");
    summary.remove("receivedTime");
    summary.remove(STOP_PROGRESS_ON_ERROR);
    SCHEDULED.forEach(summary::remove);
    summary.getMap().values().removeIf(Objects::isNull);
    return summary;
  }

  /**
   * The task info of a closed task history.
   *
   * @param scheduled the attributes of its {@code TaskScheduled} event
   * @param receivedAt the header's start: the message's received time
   */
  public static TaskInfo info(
      JsonObject summary, JsonObject scheduled, String messageId, Instant receivedAt) {
    JsonObject info =
        new JsonObject().put("messageId", messageId).put("receivedTime", receivedAt.toString());
    if (scheduled != null) {
      for (String key : SCHEDULED) {
        Object value = scheduled.getValue(key);
        if (value != null) {
          info.put(key, value);
        }
      }
      if (QueueKind.SERIAL.apiName().equals(summary.getString("queue"))) {
        info.put(STOP_PROGRESS_ON_ERROR, scheduled.getBoolean(STOP_PROGRESS_ON_ERROR));
      }
    }
    return TaskInfo.fromJson(info.mergeIn(summary).put("state", TaskState.DISPOSED.name()));
  }
}
