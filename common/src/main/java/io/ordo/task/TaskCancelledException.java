package io.ordo.task;

/**
 * Thrown by {@link TaskContext#heartbeat} when Ordo no longer manages the task: it timed out, was
 * released, or its runner lost the lock. The task should stop; nothing it reports will be applied.
 */
public class TaskCancelledException extends RuntimeException {
  public TaskCancelledException(String message) {
    super(message);
  }
}
