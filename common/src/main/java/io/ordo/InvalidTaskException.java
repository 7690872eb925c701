package io.ordo;

import io.vertx.core.json.JsonObject;

/**
 * No message with this id is in the queue kind that was asked (the seed's InvalidTaskException).
 */
public class InvalidTaskException extends TaskControlException {
  public InvalidTaskException(String messageId) {
    super(
        ErrorCode.INVALID_TASK,
        "no task message " + messageId + " in this queue",
        new JsonObject().put("messageId", messageId));
  }

  public InvalidTaskException(String message, JsonObject details) {
    super(ErrorCode.INVALID_TASK, message, details);
  }
}
