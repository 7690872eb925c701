package io.ordo.statemachine.language;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.function.DoubleSupplier;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

class RetryPolicyTest {

  private static final DoubleSupplier HALF = () -> 0.5;
  private static final DoubleSupplier NEVER_CALLED =
      () -> {
        throw new AssertionError("no jitter was asked for");
      };

  private static Retrier retrier(
      int interval, int maxAttempts, double backoff, Integer maxDelay, JitterStrategy jitter) {
    return new Retrier(
        List.of(StatesError.ALL),
        interval,
        maxAttempts,
        backoff,
        maxDelay == null ? OptionalInt.empty() : OptionalInt.of(maxDelay),
        jitter);
  }

  private static List<Long> delaysInMillis(Retrier retrier, int count, DoubleSupplier random) {
    return IntStream.rangeClosed(1, count)
        .mapToObj(n -> retrier.delayForAttempt(n, random).toMillis())
        .toList();
  }

  @Test
  void delay_growsByTheBackoffRateAndIsCappedByMaxDelaySeconds() {
    Retrier retrier = retrier(1, 5, 2.0, 5, JitterStrategy.NONE);

    assertEquals(
        List.of(1000L, 2000L, 4000L, 5000L, 5000L), delaysInMillis(retrier, 5, NEVER_CALLED));
  }

  @Test
  void delay_withoutMaxDelayKeepsGrowing() {
    Retrier retrier = retrier(3, 4, 1.5, null, JitterStrategy.NONE);

    assertEquals(List.of(3000L, 4500L, 6750L, 10125L), delaysInMillis(retrier, 4, NEVER_CALLED));
  }

  @Test
  void delay_withFullJitterScalesTheCappedDelayByTheRandomFactor() {
    Retrier retrier = retrier(1, 5, 2.0, 5, JitterStrategy.FULL);

    assertEquals(List.of(500L, 1000L, 2000L, 2500L, 2500L), delaysInMillis(retrier, 5, HALF));
    assertEquals(Duration.ZERO, retrier.delayForAttempt(3, () -> 0.0));
  }

  @Test
  void delay_ofAnEnormousBackoffSaturatesInsteadOfOverflowing() {
    Retrier retrier = retrier(1, 5000, 10.0, null, JitterStrategy.NONE);

    assertEquals(Long.MAX_VALUE, retrier.delayForAttempt(1000, NEVER_CALLED).toMillis());
  }

  @Test
  void of_usesStepFunctionsDefaults() {
    Retrier retrier = Retrier.of(List.of("X"));

    assertEquals(1, retrier.intervalSeconds());
    assertEquals(3, retrier.maxAttempts());
    assertEquals(2.0, retrier.backoffRate());
    assertEquals(OptionalInt.empty(), retrier.maxDelaySeconds());
    assertEquals(JitterStrategy.NONE, retrier.jitterStrategy());
  }

  @Test
  void constructor_refusesOutOfBoundsValues() {
    assertThrows(
        IllegalArgumentException.class, () -> retrier(0, 3, 2.0, null, JitterStrategy.NONE));
    assertThrows(
        IllegalArgumentException.class, () -> retrier(1, -1, 2.0, null, JitterStrategy.NONE));
    assertThrows(
        IllegalArgumentException.class, () -> retrier(1, 3, 0.5, null, JitterStrategy.NONE));
    assertThrows(IllegalArgumentException.class, () -> retrier(1, 3, 2.0, 0, JitterStrategy.NONE));
    assertThrows(IllegalArgumentException.class, () -> Retrier.of(List.of()));
    assertThrows(
        IllegalArgumentException.class,
        () -> retrier(1, 3, 2.0, null, JitterStrategy.NONE).delayForAttempt(0, HALF));
  }

  @Test
  void nextRetry_usesTheFirstMatchingRetrierAndCountsItsRetries() {
    RetryPolicy policy =
        new RetryPolicy(
            List.of(
                new Retrier(
                    List.of("com.example.Flaky"),
                    2,
                    2,
                    3.0,
                    OptionalInt.empty(),
                    JitterStrategy.NONE),
                Retrier.of(List.of(StatesError.ALL))));

    assertEquals(
        Optional.of(new ScheduledRetry(0, 1, Duration.ofSeconds(2))),
        policy.nextRetry("com.example.Flaky", List.of(), NEVER_CALLED));
    assertEquals(
        Optional.of(new ScheduledRetry(0, 2, Duration.ofSeconds(6))),
        policy.nextRetry("com.example.Flaky", List.of(1), NEVER_CALLED));
    assertEquals(
        Optional.of(new ScheduledRetry(1, 1, Duration.ofSeconds(1))),
        policy.nextRetry("java.io.IOException", List.of(2), NEVER_CALLED));
  }

  @Test
  void nextRetry_doesNotFallThroughToALaterRetrierOnceTheMatchingOneIsExhausted() {
    RetryPolicy policy =
        new RetryPolicy(
            List.of(
                new Retrier(
                    List.of("com.example.Flaky"),
                    1,
                    2,
                    2.0,
                    OptionalInt.empty(),
                    JitterStrategy.NONE),
                Retrier.of(List.of(StatesError.ALL))));

    assertEquals(
        Optional.empty(), policy.nextRetry("com.example.Flaky", List.of(2, 0), NEVER_CALLED));
  }

  @Test
  void nextRetry_neverRetriesWithMaxAttemptsZeroUnmatchedErrorsOrTerminalErrors() {
    RetryPolicy never =
        new RetryPolicy(
            List.of(
                new Retrier(
                    List.of(StatesError.ALL),
                    1,
                    0,
                    2.0,
                    OptionalInt.empty(),
                    JitterStrategy.NONE)));
    RetryPolicy onlyTimeouts = new RetryPolicy(List.of(Retrier.of(List.of(StatesError.TIMEOUT))));
    RetryPolicy all = new RetryPolicy(List.of(Retrier.of(List.of(StatesError.ALL))));

    assertEquals(Optional.empty(), never.nextRetry("X", List.of(), NEVER_CALLED));
    assertEquals(Optional.empty(), onlyTimeouts.nextRetry("X", List.of(), NEVER_CALLED));
    assertEquals(Optional.empty(), all.nextRetry(StatesError.RUNTIME, List.of(), NEVER_CALLED));
    assertEquals(Optional.empty(), RetryPolicy.NONE.nextRetry("X", List.of(), NEVER_CALLED));
  }

  @Test
  void nextRetry_passesJitterThrough() {
    RetryPolicy policy = new RetryPolicy(List.of(retrier(4, 3, 2.0, null, JitterStrategy.FULL)));

    assertEquals(
        Duration.ofSeconds(4), policy.nextRetry("X", List.of(1), HALF).orElseThrow().delay());
  }

  @Test
  void errorMatching_followsStepFunctions() {
    assertTrue(StatesError.matches(StatesError.ALL, "com.example.Boom"));
    assertTrue(StatesError.matches(StatesError.ALL, StatesError.TIMEOUT));
    assertFalse(StatesError.matches(StatesError.ALL, StatesError.RUNTIME));
    assertFalse(StatesError.matches(StatesError.ALL, StatesError.DATA_LIMIT));
    assertFalse(StatesError.matches(StatesError.RUNTIME, StatesError.RUNTIME));

    assertTrue(StatesError.matches(StatesError.TASK_FAILED, "com.example.Boom"));
    assertTrue(StatesError.matches(StatesError.TASK_FAILED, StatesError.BRANCH_FAILED));
    assertFalse(StatesError.matches(StatesError.TASK_FAILED, StatesError.TIMEOUT));
    assertFalse(StatesError.matches(StatesError.TASK_FAILED, StatesError.HEARTBEAT_TIMEOUT));

    assertTrue(StatesError.matches(StatesError.TIMEOUT, StatesError.HEARTBEAT_TIMEOUT));
    assertFalse(StatesError.matches(StatesError.HEARTBEAT_TIMEOUT, StatesError.TIMEOUT));

    assertTrue(StatesError.matches("com.example.Boom", "com.example.Boom"));
    assertFalse(StatesError.matches("com.example.Boom", "com.example.Bang"));
    assertEquals(
        "java.lang.IllegalStateException", StatesError.nameOf(new IllegalStateException()));
  }

  @Test
  void catcherFor_returnsTheFirstMatchingCatcher() {
    Catcher specific = new Catcher(List.of("com.example.Boom"), "HandleBoom", ResultPath.ROOT);
    Catcher timeouts = new Catcher(List.of(StatesError.TIMEOUT), "HandleTimeout", ResultPath.ROOT);
    Catcher rest = new Catcher(List.of(StatesError.ALL), "HandleAll", ResultPath.DISCARD);
    ErrorHandling handling = new ErrorHandling(RetryPolicy.NONE, List.of(specific, timeouts, rest));

    assertEquals(Optional.of(specific), handling.catcherFor("com.example.Boom"));
    assertEquals(Optional.of(timeouts), handling.catcherFor(StatesError.HEARTBEAT_TIMEOUT));
    assertEquals(Optional.of(rest), handling.catcherFor("com.example.Other"));
    assertEquals(Optional.empty(), handling.catcherFor(StatesError.RUNTIME));
    assertEquals(Optional.empty(), ErrorHandling.NONE.catcherFor("com.example.Boom"));
  }
}
