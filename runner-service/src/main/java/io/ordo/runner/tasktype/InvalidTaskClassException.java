package io.ordo.runner.tasktype;

/** A class cannot be a task type; the message says which rule it breaks. */
public class InvalidTaskClassException extends RuntimeException {
  public InvalidTaskClassException(String message) {
    super(message);
  }

  public InvalidTaskClassException(String message, Throwable cause) {
    super(message, cause);
  }
}
