package io.ordo.statemachine.language;

import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * The reserved error names of the States language, and the rule by which a Retry or Catch {@code
 * ErrorEquals} entry matches an error.
 *
 * <p>A task's own error name is the fully qualified class name of the exception it threw (see
 * {@link #nameOf(Throwable)}); names starting with {@code States.} are reserved for these
 * constants.
 */
public final class StatesError {

  /** Matches every error except the terminal ones, {@link #RUNTIME} and {@link #DATA_LIMIT}. */
  public static final String ALL = "States.ALL";

  /** Matches every error except the timeouts and the terminal errors. */
  public static final String TASK_FAILED = "States.TaskFailed";

  /** A task ran longer than its TimeoutSeconds, or an execution longer than its own. */
  public static final String TIMEOUT = "States.Timeout";

  /** A task did not heartbeat within HeartbeatSeconds. Also matched by {@link #TIMEOUT}. */
  public static final String HEARTBEAT_TIMEOUT = "States.HeartbeatTimeout";

  /** The execution could not proceed (e.g. an InputPath matched nothing); never caught. */
  public static final String RUNTIME = "States.Runtime";

  /**
   * Documented for a failed Parallel branch; kept for ErrorEquals, never raised: a failing branch
   * or Map iteration passes its own error on (null from a Fail state without Error), as on AWS.
   */
  public static final String BRANCH_FAILED = "States.BranchFailed";

  /** A state's ResultPath could not be applied to its input. */
  public static final String RESULT_PATH_MATCH_FAILURE = "States.ResultPathMatchFailure";

  /**
   * Documented for a {@code .$} path in Parameters, ResultSelector or ItemSelector that matches
   * nothing; Step Functions (and Ordo) answer {@link #RUNTIME} instead. Kept for ErrorEquals.
   */
  public static final String PARAMETER_PATH_FAILURE = "States.ParameterPathFailure";

  /** No Choice rule matched and the Choice state has no Default. */
  public static final String NO_CHOICE_MATCHED = "States.NoChoiceMatched";

  /** An intrinsic function in a payload template failed. */
  public static final String INTRINSIC_FAILURE = "States.IntrinsicFailure";

  /** A payload exceeded a size limit; terminal like {@link #RUNTIME}. */
  public static final String DATA_LIMIT = "States.DataLimitExceeded";

  /** A task had insufficient privileges. Kept for definitions written for Step Functions. */
  public static final String PERMISSIONS = "States.Permissions";

  /**
   * The errors of Step Functions features Ordo does not have (a distributed Map's tolerated
   * failures, its item reader and result writer, JSONata queries, HTTP tasks): Ordo never raises
   * them, but a definition written for Step Functions may name them in {@code ErrorEquals}.
   */
  public static final Set<String> OF_OTHER_FEATURES =
      Set.of(
          "States.ExceedToleratedFailureThreshold",
          "States.ItemReaderFailed",
          "States.ResultWriterFailed",
          "States.QueryEvaluationError",
          "States.Http.Socket");

  /** Every reserved name a definition may put in {@code ErrorEquals}. */
  public static final Set<String> RESERVED =
      Stream.concat(
              Stream.of(
                  ALL,
                  TASK_FAILED,
                  TIMEOUT,
                  HEARTBEAT_TIMEOUT,
                  RUNTIME,
                  BRANCH_FAILED,
                  RESULT_PATH_MATCH_FAILURE,
                  PARAMETER_PATH_FAILURE,
                  NO_CHOICE_MATCHED,
                  INTRINSIC_FAILURE,
                  DATA_LIMIT,
                  PERMISSIONS),
              OF_OTHER_FEATURES.stream())
          .collect(Collectors.toUnmodifiableSet());

  private StatesError() {}

  /**
   * Whether an {@code ErrorEquals} entry matches an error, following Step Functions: terminal
   * errors match nothing; {@code States.ALL} matches everything else; {@code States.TaskFailed}
   * everything else but the timeouts; {@code States.Timeout} also matches a heartbeat timeout; any
   * other name matches itself only.
   */
  public static boolean matches(String errorEquals, String error) {
    if (isTerminal(error)) {
      return false;
    }
    return switch (errorEquals) {
      case ALL -> true;
      case TASK_FAILED -> !isTimeout(error);
      case TIMEOUT -> isTimeout(error);
      default -> errorEquals.equals(error);
    };
  }

  /**
   * Whether an error always fails the execution, whatever Retry and Catch say. Step Functions does
   * this for {@code States.Runtime} and {@code States.DataLimitExceeded}.
   */
  public static boolean isTerminal(String error) {
    return RUNTIME.equals(error) || DATA_LIMIT.equals(error);
  }

  /** The error name of an exception a task threw: its class's fully qualified name. */
  public static String nameOf(Throwable failure) {
    return failure.getClass().getName();
  }

  private static boolean isTimeout(String error) {
    return TIMEOUT.equals(error) || HEARTBEAT_TIMEOUT.equals(error);
  }
}
