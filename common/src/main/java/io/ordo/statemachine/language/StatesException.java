package io.ordo.statemachine.language;

/**
 * A state failed with a States-language error, such as {@link
 * StatesError#RESULT_PATH_MATCH_FAILURE}. The decider applies the state's Retry and Catch to {@link
 * #error()} and records {@link #getMessage()} as the cause.
 */
public class StatesException extends RuntimeException {

  private final String error;

  /**
   * @param error the error name Retry and Catch match against, e.g. {@code States.Runtime}
   * @param cause a human-readable explanation, recorded as the failure's cause
   */
  public StatesException(String error, String cause) {
    super(cause);
    this.error = error;
  }

  /** The error name, e.g. {@code States.ParameterPathFailure}. */
  public String error() {
    return error;
  }
}
