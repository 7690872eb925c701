package io.ordo.task;

/** Wraps what a task's {@code run} threw (or why it was rejected), as the seed's TaskException. */
public class TaskException extends Exception {
  public TaskException(String message, Throwable cause) {
    super(message, cause);
  }
}
