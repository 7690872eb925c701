package io.ordo;

import io.vertx.core.json.JsonObject;

/** A serial queue cannot be removed while it holds messages or a task in progress. */
public class TaskQueueIllegalStateException extends TaskControlException {
  public TaskQueueIllegalStateException(String queueId, String reason) {
    super(
        ErrorCode.QUEUE_ILLEGAL_STATE,
        "serial queue " + queueId + " " + reason,
        new JsonObject().put("queueId", queueId));
  }

  public TaskQueueIllegalStateException(String message, JsonObject details) {
    super(ErrorCode.QUEUE_ILLEGAL_STATE, message, details);
  }
}
