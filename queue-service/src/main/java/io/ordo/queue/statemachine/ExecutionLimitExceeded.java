package io.ordo.queue.statemachine;

/**
 * An execution went past one of its bounds (its history, the transitions of one advance, the size
 * or depth of its data): it fails at once with {@link #error()}, whatever its Retry and Catch say.
 * Thrown wherever the bound is reached and caught once, where the {@link Interpreter} is entered.
 */
final class ExecutionLimitExceeded extends RuntimeException {
  private final String error;

  /**
   * @param error the States error the execution fails with
   * @param cause the execution's cause: which bound, and how to change it
   */
  ExecutionLimitExceeded(String error, String cause) {
    super(cause, null, false, false);
    this.error = error;
  }

  String error() {
    return error;
  }
}
