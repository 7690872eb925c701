package io.ordo.lock;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.ordo.InstanceLockedException;
import io.ordo.lock.LockRetryPolicy.AggressiveRetry;
import io.ordo.lock.LockRetryPolicy.BasicRetry;
import io.ordo.lock.LockRetryPolicy.NoRetry;
import io.ordo.testing.SettableClock;
import io.vertx.core.Future;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletionException;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/** The instanceLockedExceptionAction policies, on a fake clock (SPEC 6). */
class LockRetryPolicyTest {
  private final SettableClock clock = new SettableClock(Instant.parse("2026-01-01T00:00:00Z"));
  private final List<Duration> slept = new ArrayList<>();
  private final SimpleMeterRegistry meters = new SimpleMeterRegistry();
  private final LockRetries retries =
      new LockRetries(
          clock,
          delay -> {
            slept.add(delay);
            clock.advance(delay);
            return Future.succeededFuture();
          },
          () -> 0.5,
          meters);

  @Test
  void noRetry_handsTheExceptionOverAtOnce() {
    AtomicInteger attempts = new AtomicInteger();
    CompletionException failed =
        assertThrows(
            CompletionException.class,
            () -> await(retries.run(NoRetry.INSTANCE, () -> locked(attempts))));
    assertTrue(failed.getCause() instanceof InstanceLockedException);
    assertEquals(1, attempts.get());
    assertEquals(List.of(), slept);
  }

  @Test
  void basicRetry_waitsAConstantInterval_untilItsLimit() {
    AtomicInteger attempts = new AtomicInteger();
    BasicRetry policy = new BasicRetry(Duration.ofSeconds(1), Duration.ofSeconds(5));
    assertThrows(
        CompletionException.class, () -> await(retries.run(policy, () -> locked(attempts))));
    assertEquals(List.of(1, 1, 1, 1, 1), slept.stream().map(d -> (int) d.toSeconds()).toList());
    assertEquals(6, attempts.get());
    assertEquals(
        1.0,
        meters
            .get("ordo.lock.conflicts")
            .tag("action", "BasicRetry")
            .tag("outcome", "gave_up")
            .counter()
            .count());
  }

  @Test
  void aggressiveRetry_backsOffExponentially_withJitter_cappedAtMax() {
    AggressiveRetry policy =
        new AggressiveRetry(
            Duration.ofMillis(100), Duration.ofMillis(1000), Duration.ofSeconds(10));
    List<Long> delays = new ArrayList<>();
    Duration elapsed = Duration.ZERO;
    for (int n = 0; n < 8; n++) {
      Duration delay = policy.nextDelay(n, elapsed, () -> 0.5).orElseThrow();
      delays.add(delay.toMillis());
      elapsed = elapsed.plus(delay);
    }
    // ceiling 100·2ⁿ capped at 1000; half fixed, half drawn (0.5 → three quarters of the ceiling)
    assertEquals(List.of(75L, 150L, 300L, 600L, 750L, 750L, 750L, 750L), delays);
    assertEquals(50, policy.nextDelay(0, Duration.ZERO, () -> 0.0).orElseThrow().toMillis());
    assertEquals(99, policy.nextDelay(0, Duration.ZERO, () -> 0.999).orElseThrow().toMillis());
  }

  @Test
  void aggressiveRetry_givesUpAtItsLimit() {
    AggressiveRetry policy =
        new AggressiveRetry(Duration.ofMillis(100), Duration.ofMillis(1000), Duration.ofSeconds(2));
    AtomicInteger attempts = new AtomicInteger();
    assertThrows(
        CompletionException.class, () -> await(retries.run(policy, () -> locked(attempts))));
    Duration total = slept.stream().reduce(Duration.ZERO, Duration::plus);
    assertTrue(total.compareTo(Duration.ofSeconds(2)) <= 0, "spent " + total);
    assertTrue(attempts.get() > 3);
  }

  @Test
  void aRetrySucceeds_onceTheLockIsFree() {
    AtomicInteger attempts = new AtomicInteger();
    String result =
        await(
            retries.run(
                BasicRetry.DEFAULT,
                () ->
                    attempts.incrementAndGet() < 3
                        ? locked(new AtomicInteger())
                        : Future.succeededFuture("done")));
    assertEquals("done", result);
    assertEquals(2, slept.size());
    assertEquals(
        1.0,
        meters
            .get("ordo.lock.conflicts")
            .tag("action", "BasicRetry")
            .tag("outcome", "succeeded")
            .counter()
            .count());
  }

  @Test
  void otherFailures_areNotRetried() {
    AtomicInteger attempts = new AtomicInteger();
    assertThrows(
        CompletionException.class,
        () ->
            await(
                retries.run(
                    BasicRetry.DEFAULT,
                    () -> {
                      attempts.incrementAndGet();
                      return Future.failedFuture(new IllegalStateException("not a lock"));
                    })));
    assertEquals(1, attempts.get());
  }

  @Test
  void policiesAreValidated_andNamed() {
    assertThrows(
        IllegalArgumentException.class, () -> new BasicRetry(Duration.ZERO, Duration.ofSeconds(1)));
    assertThrows(
        IllegalArgumentException.class,
        () ->
            new AggressiveRetry(
                Duration.ofSeconds(2), Duration.ofSeconds(1), Duration.ofSeconds(3)));
    assertThrows(IllegalArgumentException.class, () -> LockRetryPolicy.named("Sometimes"));
    assertEquals(BasicRetry.DEFAULT, LockRetryPolicy.named("basicretry"));
    assertEquals(NoRetry.INSTANCE, LockRetryPolicy.named("NoRetry"));
    assertEquals(AggressiveRetry.DEFAULT, LockRetryPolicy.named("AggressiveRetry"));
  }

  private Future<String> locked(AtomicInteger attempts) {
    attempts.incrementAndGet();
    return Future.failedFuture(
        new InstanceLockedException("e-1", "owner-1", clock.instant().plusSeconds(30)));
  }

  private static <T> T await(Future<T> future) {
    return future.toCompletionStage().toCompletableFuture().join();
  }
}
