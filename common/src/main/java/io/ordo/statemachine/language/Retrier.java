package io.ordo.statemachine.language;

import java.time.Duration;
import java.util.List;
import java.util.OptionalInt;
import java.util.function.DoubleSupplier;

/**
 * One entry of a state's {@code Retry} field: which errors it retries, how often, and how long to
 * wait before each retry.
 *
 * @param errorEquals the error names it handles (see {@link StatesError#matches})
 * @param intervalSeconds the delay before the first retry, at least 1
 * @param maxAttempts how many retries at most; 0 means never retry
 * @param backoffRate the factor each further delay grows by, at least 1.0
 * @param maxDelaySeconds the cap on any delay, if set, at least 1
 * @param jitterStrategy whether delays are randomised
 */
public record Retrier(
    List<String> errorEquals,
    int intervalSeconds,
    int maxAttempts,
    double backoffRate,
    OptionalInt maxDelaySeconds,
    JitterStrategy jitterStrategy) {

  /** IntervalSeconds when the definition does not say. */
  public static final int DEFAULT_INTERVAL_SECONDS = 1;

  /** MaxAttempts when the definition does not say. */
  public static final int DEFAULT_MAX_ATTEMPTS = 3;

  /** BackoffRate when the definition does not say. */
  public static final double DEFAULT_BACKOFF_RATE = 2.0;

  /** Checks the bounds the States language sets. */
  public Retrier {
    errorEquals = List.copyOf(errorEquals);
    if (errorEquals.isEmpty()) {
      throw new IllegalArgumentException("ErrorEquals must name at least one error");
    }
    if (intervalSeconds < 1) {
      throw new IllegalArgumentException("IntervalSeconds must be at least 1: " + intervalSeconds);
    }
    if (maxAttempts < 0) {
      throw new IllegalArgumentException("MaxAttempts must not be negative: " + maxAttempts);
    }
    if (!(backoffRate >= 1.0)) {
      throw new IllegalArgumentException("BackoffRate must be at least 1.0: " + backoffRate);
    }
    if (maxDelaySeconds.isPresent() && maxDelaySeconds.getAsInt() < 1) {
      throw new IllegalArgumentException("MaxDelaySeconds must be at least 1");
    }
  }

  /** A retrier for these errors with every other field at its default. */
  public static Retrier of(List<String> errorEquals) {
    return new Retrier(
        errorEquals,
        DEFAULT_INTERVAL_SECONDS,
        DEFAULT_MAX_ATTEMPTS,
        DEFAULT_BACKOFF_RATE,
        OptionalInt.empty(),
        JitterStrategy.NONE);
  }

  /** Whether this retrier handles an error. */
  public boolean matches(String error) {
    return errorEquals.stream().anyMatch(name -> StatesError.matches(name, error));
  }

  /**
   * The delay before a retry: {@code IntervalSeconds × BackoffRate^(retryNumber - 1)}, capped by
   * MaxDelaySeconds, then with FULL jitter scaled by a random factor in [0, 1).
   *
   * @param retryNumber 1 for the first retry, 2 for the second, ...
   * @param random the source of jitter, injected so that tests are repeatable
   */
  public Duration delayForAttempt(int retryNumber, DoubleSupplier random) {
    if (retryNumber < 1) {
      throw new IllegalArgumentException("retries are numbered from 1: " + retryNumber);
    }
    double seconds = intervalSeconds * Math.pow(backoffRate, retryNumber - 1);
    if (maxDelaySeconds.isPresent()) {
      seconds = Math.min(seconds, maxDelaySeconds.getAsInt());
    }
    if (jitterStrategy == JitterStrategy.FULL) {
      seconds *= random.getAsDouble();
    }
    // Math.round saturates at Long.MAX_VALUE, so a huge back-off cannot overflow.
    return Duration.ofMillis(Math.round(seconds * 1000));
  }
}
