package io.ordo.statemachine.language;

import java.util.List;
import java.util.Optional;

/**
 * The {@code Retry} and {@code Catch} fields of a Task, Parallel or Map state.
 *
 * @param retryPolicy the retriers, consulted first
 * @param catchers the catchers, consulted when the error is not retried
 */
public record ErrorHandling(RetryPolicy retryPolicy, List<Catcher> catchers) {

  /** No Retry and no Catch: every error fails the state. */
  public static final ErrorHandling NONE = new ErrorHandling(RetryPolicy.NONE, List.of());

  /** Keeps an immutable copy of the catchers. */
  public ErrorHandling {
    catchers = List.copyOf(catchers);
  }

  /** The first catcher that handles an error, if any. */
  public Optional<Catcher> catcherFor(String error) {
    return catchers.stream().filter(catcher -> catcher.matches(error)).findFirst();
  }
}
