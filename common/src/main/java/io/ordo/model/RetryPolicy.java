package io.ordo.model;

import io.ordo.ErrorCode;
import io.ordo.TaskControlException;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.time.Duration;
import java.util.List;
import java.util.Optional;

/**
 * How a failed task message is tried again, with Temporal's names and defaults: after the n-th
 * failed run (an error, or a START_TO_CLOSE or HEARTBEAT timeout) the message waits {@code
 * initialInterval × backoffCoefficient^(n-1)}, at most {@code maximumInterval}, and runs again,
 * unless {@code maximumAttempts} runs have failed or the error is one of {@code
 * nonRetryableErrors}. No jitter (as in Temporal), so the next attempt's time is the failure's time
 * plus {@link #delayAfter}, on whatever clock the caller was given.
 *
 * @param maximumAttempts the most runs that may fail, the first included (1: no retry; 0: no limit,
 *     Temporal's default)
 * @param initialInterval the wait after the first failure
 * @param backoffCoefficient how much each wait grows over the previous one (at least 1)
 * @param maximumInterval the longest wait
 * @param nonRetryableErrors error types (the exception's class name, or {@code
 *     Ordo.Timeout.START_TO_CLOSE} / {@code Ordo.Timeout.HEARTBEAT}) that end the message at once
 */
public record RetryPolicy(
    int maximumAttempts,
    Duration initialInterval,
    double backoffCoefficient,
    Duration maximumInterval,
    List<String> nonRetryableErrors) {

  public static final int DEFAULT_MAXIMUM_ATTEMPTS = 0;
  public static final double DEFAULT_INITIAL_INTERVAL_SECONDS = 1;
  public static final double DEFAULT_BACKOFF_COEFFICIENT = 2.0;

  /** Temporal's default maximum interval: 100 times the initial interval. */
  public static final int DEFAULT_MAXIMUM_INTERVAL_FACTOR = 100;

  public static final int MAX_ATTEMPTS = 10_000;
  public static final double MAX_BACKOFF_COEFFICIENT = 100;
  public static final int MAX_NON_RETRYABLE_ERRORS = 100;
  public static final int MAX_ERROR_NAME_LENGTH = 1024;

  /**
   * The error type of a run that succeeded but whose result the database refused to store: the
   * message fails, and is never run again for it (its run's work is done).
   */
  public static final String RESULT_REFUSED = "Ordo.ResultRefused";

  /**
   * The error type of a run that failed and whose error the database refused to store: retried as
   * the failure it stands for.
   */
  public static final String ERROR_REFUSED = "Ordo.ErrorRefused";

  /** The error type a START_TO_CLOSE or HEARTBEAT timeout counts as. */
  public static String timeoutError(TimeoutType type) {
    return "Ordo.Timeout." + type.name();
  }

  public RetryPolicy {
    nonRetryableErrors = List.copyOf(nonRetryableErrors);
  }

  /**
   * The wait before the next run after the message's {@code failures}-th failed run with {@code
   * error}; empty if the failure ends the message.
   */
  public Optional<Duration> delayAfter(int failures, String error) {
    if (endsAfter(failures, error).isPresent()) {
      return Optional.empty();
    }
    double millis =
        initialInterval.toMillis() * Math.pow(backoffCoefficient, Math.max(0, failures - 1));
    long capped = (long) Math.min(millis, (double) maximumInterval.toMillis());
    return Optional.of(Duration.ofMillis(capped));
  }

  /**
   * Why the message's {@code failures}-th failed run with {@code error} ends it by this policy's
   * rules (its deadline aside); empty if the policy retries it.
   */
  public Optional<RetryState> endsAfter(int failures, String error) {
    if (RESULT_REFUSED.equals(error) || (error != null && nonRetryableErrors.contains(error))) {
      return Optional.of(RetryState.NON_RETRYABLE_FAILURE);
    }
    if (maximumAttempts != 0 && failures >= maximumAttempts) {
      return Optional.of(RetryState.MAXIMUM_ATTEMPTS_REACHED);
    }
    return Optional.empty();
  }

  public JsonObject toJson() {
    return new JsonObject()
        .put("maximumAttempts", maximumAttempts)
        .put("initialIntervalSeconds", seconds(initialInterval))
        .put("backoffCoefficient", backoffCoefficient)
        .put("maximumIntervalSeconds", seconds(maximumInterval))
        .put("nonRetryableErrors", new JsonArray(nonRetryableErrors));
  }

  /**
   * Reads and validates a {@code retry} object (null: null); missing members take Temporal's
   * defaults.
   *
   * @param name the member's name in messages (e.g. {@code retry})
   * @throws TaskControlException {@code invalid_request} naming the bad member
   */
  public static RetryPolicy fromJson(String name, JsonObject json) {
    if (json == null) {
      return null;
    }
    for (String key : json.fieldNames()) {
      if (!List.of(
              "maximumAttempts",
              "initialIntervalSeconds",
              "backoffCoefficient",
              "maximumIntervalSeconds",
              "nonRetryableErrors")
          .contains(key)) {
        throw invalid(name + "." + key + " is not a retry policy member");
      }
    }
    long attempts = whole(name + ".maximumAttempts", json, DEFAULT_MAXIMUM_ATTEMPTS);
    if (attempts < 0 || attempts > MAX_ATTEMPTS) {
      throw invalid(
          name + ".maximumAttempts must be 0 (no limit) to " + MAX_ATTEMPTS + ", got " + attempts);
    }
    double initial =
        number(name + ".initialIntervalSeconds", json, DEFAULT_INITIAL_INTERVAL_SECONDS);
    if (!(initial >= 0.001 && initial <= Timeouts.MAX_SECONDS)) {
      throw invalid(
          name
              + ".initialIntervalSeconds must be 0.001 to "
              + Timeouts.MAX_SECONDS
              + ", got "
              + initial);
    }
    double coefficient = number(name + ".backoffCoefficient", json, DEFAULT_BACKOFF_COEFFICIENT);
    if (!(coefficient >= 1 && coefficient <= MAX_BACKOFF_COEFFICIENT)) {
      throw invalid(
          name
              + ".backoffCoefficient must be 1 to "
              + (int) MAX_BACKOFF_COEFFICIENT
              + ", got "
              + coefficient);
    }
    double maximum =
        number(
            name + ".maximumIntervalSeconds",
            json,
            Math.min(Timeouts.MAX_SECONDS, initial * DEFAULT_MAXIMUM_INTERVAL_FACTOR));
    if (!(maximum >= initial && maximum <= Timeouts.MAX_SECONDS)) {
      throw invalid(
          name
              + ".maximumIntervalSeconds must be at least initialIntervalSeconds ("
              + initial
              + ") and at most "
              + Timeouts.MAX_SECONDS
              + ", got "
              + maximum);
    }
    return new RetryPolicy(
        (int) attempts,
        ofSeconds(initial),
        coefficient,
        ofSeconds(maximum),
        errors(name + ".nonRetryableErrors", json.getValue("nonRetryableErrors")));
  }

  private static List<String> errors(String name, Object value) {
    if (value == null) {
      return List.of();
    }
    if (!(value instanceof JsonArray array)) {
      throw invalid(name + " must be an array of error type names");
    }
    if (array.size() > MAX_NON_RETRYABLE_ERRORS) {
      throw invalid(name + " may name at most " + MAX_NON_RETRYABLE_ERRORS + " error types");
    }
    for (Object item : array) {
      if (!(item instanceof String text)
          || text.isBlank()
          || text.length() > MAX_ERROR_NAME_LENGTH) {
        throw invalid(
            name + " must hold error type names of 1 to " + MAX_ERROR_NAME_LENGTH + " characters");
      }
    }
    return array.stream().map(String.class::cast).toList();
  }

  private static long whole(String name, JsonObject json, long fallback) {
    Object value = json.getValue(name.substring(name.lastIndexOf('.') + 1));
    if (value == null) {
      return fallback;
    }
    if (!(value instanceof Number n) || n.doubleValue() != Math.rint(n.doubleValue())) {
      throw invalid(name + " must be a whole number, got " + value);
    }
    return n.longValue();
  }

  private static double number(String name, JsonObject json, double fallback) {
    Object value = json.getValue(name.substring(name.lastIndexOf('.') + 1));
    if (value == null) {
      return fallback;
    }
    if (!(value instanceof Number n)) {
      throw invalid(name + " must be a number, got " + value);
    }
    return n.doubleValue();
  }

  private static Duration ofSeconds(double seconds) {
    return Duration.ofMillis(Math.round(seconds * 1000));
  }

  private static double seconds(Duration duration) {
    return duration.toMillis() / 1000.0;
  }

  private static TaskControlException invalid(String message) {
    return new TaskControlException(ErrorCode.INVALID_REQUEST, message);
  }
}
