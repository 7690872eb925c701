package io.ordo.lock;

import java.time.Duration;
import java.util.Locale;
import java.util.Optional;
import java.util.function.DoubleSupplier;

/**
 * The {@code instanceLockedExceptionAction} of the SQL Workflow Instance Store (SPEC 6): what a
 * node does when an instance it wants is locked by another live owner. Each policy is a small
 * validated value that only computes delays; {@link LockRetries} applies it.
 */
public sealed interface LockRetryPolicy
    permits LockRetryPolicy.NoRetry, LockRetryPolicy.BasicRetry, LockRetryPolicy.AggressiveRetry {

  /**
   * The delay before the next attempt, or empty to give up and hand the exception to the caller.
   *
   * @param retriesSoFar retries already made (0 before the first retry)
   * @param elapsed time since the first attempt
   * @param random a source in [0, 1) for jitter
   */
  Optional<Duration> nextDelay(int retriesSoFar, Duration elapsed, DoubleSupplier random);

  /** The configuration name: {@code NoRetry}, {@code BasicRetry} or {@code AggressiveRetry}. */
  String name();

  /** The default of each policy, chosen by its configuration name (case-insensitive). */
  static LockRetryPolicy named(String name) {
    return switch (name.trim().toLowerCase(Locale.ROOT)) {
      case "noretry" -> NoRetry.INSTANCE;
      case "basicretry" -> BasicRetry.DEFAULT;
      case "aggressiveretry" -> AggressiveRetry.DEFAULT;
      default ->
          throw new IllegalArgumentException(
              "unknown lock retry policy '"
                  + name
                  + "': use NoRetry, BasicRetry or AggressiveRetry");
    };
  }

  /** Hand the exception to the caller at once (the default). */
  enum NoRetry implements LockRetryPolicy {
    INSTANCE;

    @Override
    public Optional<Duration> nextDelay(int retriesSoFar, Duration elapsed, DoubleSupplier random) {
      return Optional.empty();
    }

    @Override
    public String toString() {
      return "NoRetry";
    }
  }

  /**
   * Retry at a constant interval until the limit is spent.
   *
   * @param interval the wait between attempts (default 1 s)
   * @param limit the total time spent retrying before giving up (default 30 s)
   */
  record BasicRetry(Duration interval, Duration limit) implements LockRetryPolicy {
    public static final Duration DEFAULT_INTERVAL = Duration.ofSeconds(1);
    public static final Duration DEFAULT_LIMIT = Duration.ofSeconds(30);
    public static final BasicRetry DEFAULT = new BasicRetry(DEFAULT_INTERVAL, DEFAULT_LIMIT);

    public BasicRetry {
      requirePositive("BasicRetry interval", interval);
      requirePositive("BasicRetry limit", limit);
    }

    @Override
    public Optional<Duration> nextDelay(int retriesSoFar, Duration elapsed, DoubleSupplier random) {
      return fits(elapsed, interval, limit);
    }

    @Override
    public String name() {
      return "BasicRetry";
    }
  }

  /**
   * Retry with exponential back-off and full jitter until the limit is spent: the n-th delay is
   * drawn from [initial·2ⁿ/2, initial·2ⁿ], capped at {@code max}.
   *
   * @param initial the first delay (default 50 ms)
   * @param max the largest delay (default 5 s)
   * @param limit the total time spent retrying (default 30 s)
   */
  record AggressiveRetry(Duration initial, Duration max, Duration limit)
      implements LockRetryPolicy {
    public static final Duration DEFAULT_INITIAL = Duration.ofMillis(50);
    public static final Duration DEFAULT_MAX = Duration.ofSeconds(5);
    public static final Duration DEFAULT_LIMIT = Duration.ofSeconds(30);
    public static final AggressiveRetry DEFAULT =
        new AggressiveRetry(DEFAULT_INITIAL, DEFAULT_MAX, DEFAULT_LIMIT);

    public AggressiveRetry {
      requirePositive("AggressiveRetry initial", initial);
      requirePositive("AggressiveRetry max", max);
      requirePositive("AggressiveRetry limit", limit);
      if (max.compareTo(initial) < 0) {
        throw new IllegalArgumentException("AggressiveRetry max must be at least initial");
      }
    }

    @Override
    public Optional<Duration> nextDelay(int retriesSoFar, Duration elapsed, DoubleSupplier random) {
      long ceiling = initial.toMillis() << Math.min(retriesSoFar, 30);
      ceiling = Math.min(Math.max(ceiling, initial.toMillis()), max.toMillis());
      // "Equal jitter": half fixed, half random, so a delay never collapses to zero.
      long delay = ceiling / 2 + (long) (random.getAsDouble() * (ceiling - ceiling / 2));
      return fits(elapsed, Duration.ofMillis(Math.max(1, delay)), limit);
    }

    @Override
    public String name() {
      return "AggressiveRetry";
    }
  }

  private static Optional<Duration> fits(Duration elapsed, Duration delay, Duration limit) {
    return elapsed.plus(delay).compareTo(limit) <= 0 ? Optional.of(delay) : Optional.empty();
  }

  private static void requirePositive(String what, Duration value) {
    if (value == null || value.isNegative() || value.isZero()) {
      throw new IllegalArgumentException(what + " must be a positive duration, got " + value);
    }
  }
}
