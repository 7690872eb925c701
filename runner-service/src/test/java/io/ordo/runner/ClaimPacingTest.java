package io.ordo.runner;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.ordo.bus.Addresses;
import io.ordo.bus.ClaimRequest;
import io.ordo.bus.ClaimedTask;
import io.ordo.bus.ClaimedTasks;
import io.ordo.bus.ProtocolCodecs;
import io.ordo.model.QueueKind;
import io.ordo.runner.execution.TaskExecution;
import io.vertx.core.Vertx;
import io.vertx.junit5.VertxExtension;
import io.vertx.junit5.VertxTestContext;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * A runner's claims while its serial tasks are short: the claim after one that took serial heads
 * waits for them to end, so that it takes heads for every thread, not only for those the last
 * answer left free; the wait is bounded, and there is none when tasks are not known to be short.
 */
@ExtendWith(VertxExtension.class)
class ClaimPacingTest {
  private static final String OWNER = UUID.randomUUID().toString();
  private static final long MILLISECOND = 1_000_000L;
  // the fake queue service answers claims this late: tasks of the holds below are shorter
  private static final long CLAIM_ANSWER_MILLIS = 500;

  @Test
  void theClaimAfterShortSerialHeads_waitsForThemToEnd_andTakesEveryThread(
      Vertx vertx, VertxTestContext test) {
    Runner runner = new Runner(vertx, 200 * MILLISECOND);
    runner.onTake =
        heads -> {
          // work announced while the heads run; then they end, one after the other
          runner.loop.claim();
          vertx.runOnContext(x -> runner.end(heads.get(0)));
          vertx.runOnContext(x -> runner.end(heads.get(1)));
        };
    // the claim made while both heads ran was not sent: the second has every thread
    secondClaim(vertx, runner, test, second -> assertEquals(8, second.serialCapacity()));
  }

  @Test
  void theWaitIsBounded_byTwiceTheAverageHold(Vertx vertx, VertxTestContext test) {
    Runner runner = new Runner(vertx, 5 * MILLISECOND);
    long[] takenAt = new long[1];
    runner.onTake =
        heads -> {
          takenAt[0] = System.nanoTime();
          runner.loop.claim();
        };
    // the two heads never ended: after the wait (2 × 5 ms), the claim went without them, for the
    // other threads
    secondClaim(
        vertx,
        runner,
        test,
        second -> {
          long waited = System.nanoTime() - takenAt[0];
          assertTrue(waited >= 9 * MILLISECOND, "waited " + waited / MILLISECOND + " ms");
          assertEquals(6, second.serialCapacity());
        });
  }

  /**
   * Claims, answers the first claim with two serial heads, late, and checks the second claim the
   * runner sends.
   */
  private static void secondClaim(
      Vertx vertx, Runner runner, VertxTestContext test, Consumer<ClaimRequest> check) {
    List<ClaimRequest> requests = new ArrayList<>();
    vertx.runOnContext(
        v -> {
          answerClaims(
              vertx,
              request -> {
                requests.add(request);
                if (requests.size() == 2) {
                  test.verify(() -> check.accept(request));
                  test.completeNow();
                }
              },
              List.of(task(QueueKind.SERIAL), task(QueueKind.SERIAL)));
          runner.loop.claim();
        });
  }

  @Test
  void noWait_afterParallelMessages_orWhileTasksAreNotKnownToBeShort(
      Vertx vertx, VertxTestContext test) {
    // on the runner's event loop, as in a runner: the bounded wait's timer cannot end a wait
    // between two of the steps below
    vertx.runOnContext(
        v ->
            test.verify(
                () -> {
                  ClaimPacing pacing = new ClaimPacing(vertx, () -> {});
                  pacing.answered(List.of(task(QueueKind.PARALLEL)), 10 * MILLISECOND, MILLISECOND);
                  assertFalse(pacing.waiting(), "parallel messages only");
                  pacing.answered(
                      List.of(task(QueueKind.SERIAL), task(QueueKind.PARALLEL)),
                      10 * MILLISECOND,
                      MILLISECOND);
                  assertFalse(
                      pacing.waiting(), "parallel work too: the prefetch room is filled as before");
                  pacing.answered(List.of(task(QueueKind.SERIAL)), 10 * MILLISECOND, -1);
                  assertFalse(pacing.waiting(), "no task ended here yet");
                  pacing.answered(
                      List.of(task(QueueKind.SERIAL)), 10 * MILLISECOND, 20 * MILLISECOND);
                  assertFalse(pacing.waiting(), "tasks longer than a claim's round trip");

                  ClaimedTask head = task(QueueKind.SERIAL);
                  pacing.answered(List.of(head), 10 * MILLISECOND, MILLISECOND);
                  assertTrue(pacing.waiting(), "short serial heads");
                  pacing.ended(head);
                  assertFalse(pacing.waiting(), "the heads ended");
                  test.completeNow();
                }));
  }

  /** A runner's claim loop and slots, with tasks that held their slots {@code hold} on average. */
  private static final class Runner {
    final Slots slots = new Slots(8, 0);
    final AtomicInteger held = new AtomicInteger();
    final ClaimLoop loop;
    Consumer<List<ClaimedTask>> onTake = tasks -> {};

    Runner(Vertx vertx, long hold) {
      TaskExecution earlier = new TaskExecution(null, null, null);
      slots.add(earlier, Instant.EPOCH, 0);
      slots.fill(0);
      slots.free(earlier, hold);
      loop =
          ClaimLoops.of(
              vertx,
              OWNER,
              slots,
              held::get,
              tasks -> {
                held.addAndGet(tasks.size());
                onTake.accept(tasks);
              });
    }

    /** A taken task's execution is over here, as the runner books it: then it claims. */
    void end(ClaimedTask task) {
      held.decrementAndGet();
      loop.ended(task);
      loop.claim();
    }
  }

  /** Answers the first claim with {@code first}, late, and every later one with nothing. */
  private static void answerClaims(
      Vertx vertx, Consumer<ClaimRequest> seen, List<ClaimedTask> first) {
    ProtocolCodecs.register(vertx.eventBus());
    AtomicInteger answered = new AtomicInteger();
    vertx
        .eventBus()
        .<ClaimRequest>consumer(
            Addresses.QUEUE_CLAIM,
            claim -> {
              seen.accept(claim.body());
              List<ClaimedTask> tasks = answered.getAndIncrement() == 0 ? first : List.of();
              vertx.setTimer(CLAIM_ANSWER_MILLIS, id -> claim.reply(new ClaimedTasks(tasks)));
            });
  }

  private static ClaimedTask task(QueueKind kind) {
    return Claimed.task(kind, OWNER);
  }
}
