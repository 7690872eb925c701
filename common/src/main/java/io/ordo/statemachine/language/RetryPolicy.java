package io.ordo.statemachine.language;

import java.util.List;
import java.util.Optional;
import java.util.function.DoubleSupplier;

/**
 * A state's {@code Retry} field: its retriers, in order. As in Step Functions, the first retrier
 * that matches an error decides alone: once it has used up its MaxAttempts, the error is not
 * retried, even if a later retrier would also match.
 */
public record RetryPolicy(List<Retrier> retriers) {

  /** A policy that never retries. */
  public static final RetryPolicy NONE = new RetryPolicy(List.of());

  /** Keeps an immutable copy of the retriers. */
  public RetryPolicy {
    retriers = List.copyOf(retriers);
  }

  /**
   * Whether and when to retry after an error.
   *
   * @param error the error name the state failed with
   * @param retriesDone how many retries each retrier has made so far in this state visit, by
   *     retrier index; missing entries count as 0
   * @param random the source of jitter
   * @return the retry to schedule, or empty to go on to the state's Catch
   */
  public Optional<ScheduledRetry> nextRetry(
      String error, List<Integer> retriesDone, DoubleSupplier random) {
    for (int index = 0; index < retriers.size(); index++) {
      Retrier retrier = retriers.get(index);
      if (retrier.matches(error)) {
        int done = index < retriesDone.size() ? retriesDone.get(index) : 0;
        if (done >= retrier.maxAttempts()) {
          return Optional.empty();
        }
        return Optional.of(
            new ScheduledRetry(index, done + 1, retrier.delayForAttempt(done + 1, random)));
      }
    }
    return Optional.empty();
  }
}
