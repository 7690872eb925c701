package io.ordo.runner;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.ordo.bus.Addresses;
import io.ordo.bus.ClaimRequest;
import io.ordo.bus.ClaimedTasks;
import io.ordo.bus.ProtocolCodecs;
import io.vertx.core.Context;
import io.vertx.core.Vertx;
import io.vertx.core.eventbus.Message;
import io.vertx.junit5.VertxExtension;
import io.vertx.junit5.VertxTestContext;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.BiConsumer;
import java.util.function.IntConsumer;
import java.util.function.IntSupplier;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * A slot that frees claims only while work may wait for that room: after a claim that left a
 * runnable serial head for lack of a free thread, or one that was due and not sent for lack of
 * room; not after a claim that took all it found (work that became runnable since is announced). A
 * slot freed while a claim is on its way is weighed by that claim's answer.
 */
@ExtendWith(VertxExtension.class)
class SlotFreedClaimTest {
  private static final String OWNER = UUID.randomUUID().toString();
  private static final int THREADS = 2;

  @Test
  void afterAClaimThatTookAllItFound_aFreedSlotClaimsNothing_afterOneThatLeftAHead_itClaims(
      Vertx vertx, VertxTestContext test) {
    Runner runner = new Runner();
    answerClaims(
        vertx,
        (claim, number) -> claim.reply(new ClaimedTasks(List.of(), number == 2)),
        // after each answer was taken in, on the loop's event loop
        answered -> {
          if (answered == 1) {
            runner.loop.slotFreed();
            test.verify(() -> assertFalse(runner.loop.inFlight(), "nothing was left"));
            runner.loop.claim(); // work announced
          } else if (answered == 2) {
            runner.loop.slotFreed();
            test.verify(() -> assertTrue(runner.loop.inFlight(), "a head was left"));
          } else {
            test.completeNow();
          }
        },
        runner);
    runner.start(vertx, () -> 0);
  }

  @Test
  void aClaimDueWithoutRoom_isSentWhenASlotFrees(Vertx vertx, VertxTestContext test) {
    Runner runner = new Runner();
    AtomicInteger held = new AtomicInteger(THREADS);
    answerClaims(
        vertx,
        (claim, number) ->
            test.verify(
                () -> {
                  assertEquals(1, number);
                  assertEquals(1, claim.body().capacity(), "the room the freed slot left");
                  test.completeNow();
                }),
        answered -> {},
        runner);
    runner.start(vertx, held::get);
    runner.context.runOnContext(
        v -> {
          // started with every thread busy: its first claim was not sent
          test.verify(() -> assertFalse(runner.loop.inFlight()));
          held.decrementAndGet();
          runner.loop.slotFreed();
        });
  }

  @Test
  void aSlotFreedWhileAClaimIsOnItsWay_claimsAgainOnlyIfTheAnswerLeftAHead(
      Vertx vertx, VertxTestContext test) {
    Runner runner = new Runner();
    answerClaims(
        vertx,
        (claim, number) ->
            // a slot frees while the claim is on its way; the second answer leaves a head
            runner.context.runOnContext(
                v -> {
                  runner.loop.slotFreed();
                  claim.reply(new ClaimedTasks(List.of(), number == 2));
                }),
        answered -> {
          if (answered == 1) {
            test.verify(() -> assertFalse(runner.loop.inFlight(), "nothing was left"));
            runner.loop.claim(); // work announced
          } else if (answered == 2) {
            test.verify(() -> assertTrue(runner.loop.inFlight(), "claimed again at once"));
          } else {
            test.completeNow();
          }
        },
        runner);
    runner.start(vertx, () -> 0);
  }

  /** A claim loop on an event loop of its own, that counts the answers it took in. */
  private static final class Runner {
    ClaimLoop loop;
    Context context;
    final AtomicInteger answers = new AtomicInteger();
    IntConsumer afterAnswer = answered -> {};

    /** Creates the loop on a new event loop context, holding {@code held}, and claims once. */
    void start(Vertx vertx, IntSupplier held) {
      context = vertx.getOrCreateContext();
      context.runOnContext(
          v -> {
            loop =
                ClaimLoops.of(
                    vertx,
                    OWNER,
                    new Slots(THREADS, 0),
                    held,
                    tasks -> {
                      int answered = answers.incrementAndGet();
                      // once the answer's handler is done
                      context.runOnContext(x -> afterAnswer.accept(answered));
                    });
            loop.claim();
          });
    }
  }

  /**
   * Answers the runner's claims: {@code answer} gets each with its number, from 1; {@code
   * afterAnswer} runs on the runner's event loop after it took in each answer, with its number.
   */
  private static void answerClaims(
      Vertx vertx,
      BiConsumer<Message<ClaimRequest>, Integer> answer,
      IntConsumer afterAnswer,
      Runner runner) {
    runner.afterAnswer = afterAnswer;
    ProtocolCodecs.register(vertx.eventBus());
    AtomicInteger claims = new AtomicInteger();
    vertx
        .eventBus()
        .<ClaimRequest>consumer(
            Addresses.QUEUE_CLAIM, claim -> answer.accept(claim, claims.incrementAndGet()));
  }
}
