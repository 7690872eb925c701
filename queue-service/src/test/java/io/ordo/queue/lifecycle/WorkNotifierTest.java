package io.ordo.queue.lifecycle;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.ordo.bus.Addresses;
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
 * A time to come is announced to the runners when it has come, never before: a claim sent on an
 * early announcement finds the message not due yet and takes nothing, and nothing else announces it
 * until the runners' next poll, a round-interval later.
 */
@ExtendWith(VertxExtension.class)
class WorkNotifierTest {
  private final SimpleMeterRegistry meters = new SimpleMeterRegistry();

  @Test
  void aTimeInTheLastMillisecondOfItsStep_isNotAnnouncedBeforeItComes(
      Vertx vertx, VertxTestContext ctx) {
    // a time whose millisecond is a multiple of the notifier's step (100 ms), 500 µs into it
    Instant due = Instant.parse("2026-11-30T12:00:02.100500Z");
    SettableClock clock = new SettableClock(due.minus(Duration.ofNanos(300_000)));
    WorkNotifier notifier = new WorkNotifier(vertx, clock, meters);
    vertx
        .eventBus()
        .<JsonObject>consumer(
            Addresses.WORK_AVAILABLE,
            message ->
                ctx.verify(
                    () -> {
                      assertEquals("due", message.body().getString("reason"));
                      assertEquals(false, clock.instant().isBefore(due), "announced before due");
                      ctx.completeNow();
                    }));

    notifier.workDueAt(due);

    ctx.verify(() -> assertEquals(0.0, announced("due"), "announced at once, 300 µs early"));
    clock.set(due.plus(Duration.ofMillis(100)));
  }

  @Test
  void aTimeAlreadyCome_isAnnouncedAtOnce(Vertx vertx, VertxTestContext ctx) {
    Instant due = Instant.parse("2026-11-30T12:00:02.100500Z");
    SettableClock clock = new SettableClock(due.plus(Duration.ofMillis(1)));
    WorkNotifier notifier = new WorkNotifier(vertx, clock, meters);

    notifier.workDueAt(due);

    ctx.verify(() -> assertEquals(1.0, announced("due")));
    ctx.completeNow();
  }

  private double announced(String reason) {
    Counter counter = meters.find("ordo.work.announcements").tag("reason", reason).counter();
    return counter == null ? 0 : counter.count();
  }
}
