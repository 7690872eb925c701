package io.ordo;

import io.vertx.core.json.JsonObject;

/**
 * The base of Ordo's domain exceptions (the seed's {@code TaskControlException}). Unchecked: the
 * seed's methods declare it, callers may catch it, but nothing forces them to.
 *
 * <p>Every exception carries an {@link ErrorCode} and the ids it is about, so that the HTTP layer
 * and the event bus can report it without knowing the subclass.
 */
public class TaskControlException extends RuntimeException {
  private final ErrorCode code;
  private final JsonObject details;

  public TaskControlException(ErrorCode code, String message) {
    this(code, message, new JsonObject());
  }

  public TaskControlException(ErrorCode code, String message, JsonObject details) {
    super(message);
    this.code = code;
    this.details = details == null ? new JsonObject() : details;
  }

  public TaskControlException(ErrorCode code, String message, Throwable cause) {
    super(message, cause);
    this.code = code;
    this.details = new JsonObject();
  }

  public ErrorCode code() {
    return code;
  }

  /** Extra members of the problem response (ids, states, validation errors). */
  public JsonObject details() {
    return details;
  }
}
