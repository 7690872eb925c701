package io.ordo;

import io.vertx.core.json.JsonObject;

/** The message exists but its state does not allow the operation (e.g. removing a running task). */
public class TaskIllegalStateException extends TaskControlException {
  public TaskIllegalStateException(String messageId, String state, String operation) {
    super(
        ErrorCode.TASK_ILLEGAL_STATE,
        "task " + messageId + " is " + state + ": cannot " + operation,
        new JsonObject().put("messageId", messageId).put("state", state));
  }

  public TaskIllegalStateException(String message, JsonObject details) {
    super(ErrorCode.TASK_ILLEGAL_STATE, message, details);
  }
}
