package io.ordo.queue.maintenance;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import io.ordo.queue.lifecycle.Transition;
import io.vertx.core.Future;
import io.vertx.core.Promise;
import io.vertx.junit5.VertxTestContext;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The maintenance round's steps run whatever became of the one before: a timeout sweep that fails
 * every round (its statement refused, or an exception before it) does not hold crash recovery back,
 * and the next round runs; a round asked for while one runs follows it. (The key purge runs on the
 * real database.)
 */
class MaintenanceLoopTest extends OnEmptiedDatabase {

  private final List<Instant> orphanRounds = new ArrayList<>();
  private final List<Transition> announced = new ArrayList<>();
  private final Transition recovered = new Transition();

  MaintenanceLoopTest() {
    super(2);
  }

  @Test
  void aTimeoutSweepThatFails_doesNotHoldTheOrphanSweepBack(VertxTestContext ctx) {
    MaintenanceLoop loop =
        loop(now -> Future.failedFuture(new IllegalStateException("the sweep's statement failed")));
    twoRounds(loop, ctx);
  }

  @Test
  void aTimeoutSweepThatThrows_doesNotHoldTheOrphanSweepBack(VertxTestContext ctx) {
    MaintenanceLoop loop =
        loop(
            now -> {
              throw new IllegalStateException("the sweep failed before its statement");
            });
    twoRounds(loop, ctx);
  }

  @Test
  void aRoundAskedForWhileOneRuns_runsWhenThatOneIsOver(VertxTestContext ctx) {
    Promise<Transition> firstSweep = Promise.promise();
    List<Future<Transition>> sweeps = new ArrayList<>(List.of(firstSweep.future()));
    MaintenanceLoop loop =
        loop(now -> sweeps.isEmpty() ? Future.succeededFuture(recovered) : sweeps.remove(0));
    vertx.runOnContext(
        v -> {
          Future<Void> first = loop.runOnce();
          Future<Void> second = loop.runOnce();
          ctx.verify(
              () -> {
                assertFalse(second.isComplete(), "the second round waits for the first");
                assertEquals(List.of(), orphanRounds);
              });
          firstSweep.complete(recovered);
          Future.all(first, second)
              .onComplete(
                  ctx.succeeding(
                      done ->
                          ctx.verify(
                              () -> {
                                assertEquals(List.of(NOW, NOW), orphanRounds, "two full rounds");
                                ctx.completeNow();
                              })));
        });
  }

  private MaintenanceLoop loop(Sweep timeouts) {
    return new MaintenanceLoop(
        vertx,
        pool,
        Clock.fixed(NOW, ZoneOffset.UTC),
        timeouts,
        now -> {
          orphanRounds.add(now);
          return Future.succeededFuture(recovered);
        },
        announced::add);
  }

  private void twoRounds(MaintenanceLoop loop, VertxTestContext ctx) {
    vertx.runOnContext(
        v ->
            loop.runOnce()
                .compose(first -> loop.runOnce())
                .onComplete(
                    ctx.succeeding(
                        done ->
                            ctx.verify(
                                () -> {
                                  assertEquals(List.of(NOW, NOW), orphanRounds);
                                  assertEquals(List.of(recovered, recovered), announced);
                                  ctx.completeNow();
                                }))));
  }
}
