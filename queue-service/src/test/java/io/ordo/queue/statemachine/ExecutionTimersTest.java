package io.ordo.queue.statemachine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import io.ordo.bus.Addresses;
import io.ordo.queue.store.ExecutionKey;
import io.ordo.testing.SettableClock;
import io.vertx.core.Vertx;
import io.vertx.core.json.JsonObject;
import io.vertx.junit5.VertxExtension;
import io.vertx.junit5.VertxTestContext;
import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * An execution's timer hint comes when the node's clock has reached the timer's time, never before:
 * the decider that takes an early hint finds nothing due, and the execution waits for the next
 * poll, a round-interval later.
 */
@ExtendWith(VertxExtension.class)
class ExecutionTimersTest {
  private final ExecutionKey key = new ExecutionKey("default", "execution-1");

  @Test
  void aTimerThatFiresBeforeTheClockReachesItsTime_waitsForTheRest(
      Vertx vertx, VertxTestContext ctx) {
    SettableClock clock = SettableClock.atNow();
    Instant at = clock.instant().plus(Duration.ofMillis(50));
    ExecutionTimers timers = new ExecutionTimers(vertx, clock);
    timers.horizon(Duration.ofSeconds(10));
    vertx
        .eventBus()
        .<JsonObject>consumer(
            Addresses.EXECUTION_PENDING,
            hint ->
                ctx.verify(
                    () -> {
                      assertFalse(clock.instant().isBefore(at), "woken before its time");
                      assertEquals(key.executionId(), hint.body().getString("executionId"));
                      ctx.completeNow();
                    }));

    timers.wakeAt(key, at);
    // the clock stands still (a correction of its offset holds it) while the timer runs out, and
    // comes to the time only later
    vertx.setTimer(300, id -> clock.set(at.plus(Duration.ofMillis(1))));
  }

  @Test
  void aTimeAlreadyPassed_wakesAtOnce(Vertx vertx, VertxTestContext ctx) {
    SettableClock clock = SettableClock.atNow();
    ExecutionTimers timers = new ExecutionTimers(vertx, clock);
    timers.horizon(Duration.ofSeconds(10));
    vertx.eventBus().<JsonObject>consumer(Addresses.EXECUTION_PENDING, hint -> ctx.completeNow());

    timers.wakeAt(key, clock.instant().minus(Duration.ofMillis(1)));
  }
}
