package io.ordo.model;

/**
 * Why a failed run ended its message instead of being retried, as Temporal names it ({@code
 * retryState}): shown on the message's {@code TaskFailed} or {@code TaskTimedOut} event and in its
 * outcome.
 */
public enum RetryState {
  /** The message has no retry policy: its first failed run ends it. */
  RETRY_POLICY_NOT_SET,
  /** The error is one of the policy's {@code nonRetryableErrors} (or a result the node refused). */
  NON_RETRYABLE_FAILURE,
  /** The policy's {@code maximumAttempts} runs have failed. */
  MAXIMUM_ATTEMPTS_REACHED,
  /**
   * The message's SCHEDULE_TO_CLOSE deadline, the limit of its whole life, has passed or would pass
   * before the next attempt.
   */
  TIMEOUT
}
