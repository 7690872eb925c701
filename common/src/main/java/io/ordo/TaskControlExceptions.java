package io.ordo;

import io.vertx.core.json.JsonObject;

/**
 * Rebuilds the typed exception from an error code, so that a client (HTTP or event bus) throws the
 * same class the server threw.
 */
public final class TaskControlExceptions {
  private TaskControlExceptions() {}

  public static RuntimeException of(ErrorCode code, String message, JsonObject details) {
    return switch (code) {
      case INVALID_TASK -> new InvalidTaskException(message, details);
      case TASK_ILLEGAL_STATE -> new TaskIllegalStateException(message, details);
      case QUEUE_ILLEGAL_STATE -> new TaskQueueIllegalStateException(message, details);
      case INSTANCE_LOCKED -> new InstanceLockedException(message, details);
      case INVALID_PARAMETER -> new IllegalArgumentException(message);
      default -> new TaskControlException(code, message, details);
    };
  }
}
