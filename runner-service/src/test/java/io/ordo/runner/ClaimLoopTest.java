package io.ordo.runner;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.ordo.bus.Addresses;
import io.ordo.bus.ClaimRequest;
import io.ordo.bus.ClaimRequest.SerialQueueRef;
import io.ordo.bus.ClaimedTasks;
import io.ordo.bus.ProtocolCodecs;
import io.vertx.core.Context;
import io.vertx.core.Vertx;
import io.vertx.core.eventbus.Message;
import io.vertx.junit5.VertxExtension;
import io.vertx.junit5.VertxTestContext;
import java.time.Instant;
import java.util.List;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.BiConsumer;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * A runner whose serial outcomes lag behind its claims stops claiming while more queues than {@link
 * ClaimLoop#SETTLING_PER_THREAD} per thread are settling, and claims again as they are applied; a
 * claim that failed is followed by another without any other cause, and not once a claim is
 * answered.
 */
@ExtendWith(VertxExtension.class)
class ClaimLoopTest {
  private static final String OWNER = UUID.randomUUID().toString();
  private static final int THREADS = 2;

  @Test
  void tooManyOutcomesOnTheirWay_holdTheClaims_untilOneIsApplied(
      Vertx vertx, VertxTestContext test) {
    int bound = ClaimLoop.SETTLING_PER_THREAD * THREADS;
    List<SerialQueueRef> queues =
        IntStream.rangeClosed(0, bound)
            .mapToObj(i -> new SerialQueueRef("default", "q" + i))
            .toList();
    // the first claim that went out: after the first outcome was applied, not before, when one
    // queue more than the bound was settling
    ClaimLoops.answerFirst(
        vertx,
        test,
        claim ->
            assertEquals(
                Set.copyOf(queues.subList(1, queues.size())), Set.copyOf(claim.settling())));
    vertx.runOnContext(
        v -> {
          ClaimLoop loop = ClaimLoops.of(vertx, OWNER, new Slots(THREADS, 0));
          queues.forEach(queue -> loop.outcomeOnItsWay(queue, null));
          loop.claim();
          loop.outcomeApplied(queues.get(0));
        });
  }

  @Test
  void anAnsweredClaim_reportsItsRoundTrip_aFailedOneDoesNot(Vertx vertx, VertxTestContext test) {
    ProtocolCodecs.register(vertx.eventBus());
    long answerAfterMillis = 50;
    AtomicInteger claims = new AtomicInteger();
    vertx
        .eventBus()
        .<ClaimRequest>consumer(
            Addresses.QUEUE_CLAIM,
            claim -> {
              if (claims.incrementAndGet() == 1) {
                claim.fail(500, "refused");
              } else {
                vertx.setTimer(answerAfterMillis, id -> claim.reply(new ClaimedTasks(List.of())));
              }
            });
    vertx.runOnContext(
        v ->
            ClaimLoops.of(
                    vertx,
                    OWNER,
                    new Slots(THREADS, 0),
                    () -> 0,
                    tasks -> {},
                    nanos ->
                        test.verify(
                            () -> {
                              assertEquals(2, claims.get(), "only the answered claim is timed");
                              assertTrue(
                                  nanos >= answerAfterMillis * 1_000_000L,
                                  "round trip " + nanos + " ns");
                              test.completeNow();
                            }))
                .claim());
  }

  @Test
  void settlingQueues_withKnownNextHeads_areNamedByTheOldestTime_theOthersForALookup(
      Vertx vertx, VertxTestContext test) {
    SerialQueueRef early = new SerialQueueRef("default", "early");
    SerialQueueRef late = new SerialQueueRef("default", "late");
    SerialQueueRef unknown = new SerialQueueRef("default", "unknown");
    SerialQueueRef twice = new SerialQueueRef("default", "twice");
    Instant t0 = Instant.parse("2026-11-29T06:00:00.000001Z");
    ClaimLoops.answerFirst(
        vertx,
        test,
        claim -> {
          assertEquals(t0, claim.settlingFrom(), "the oldest next head known");
          // with two outcomes of one queue on their way, its known time may be an earlier
          // head's: looked up
          assertEquals(Set.of(unknown, twice), Set.copyOf(claim.settling()));
        });
    vertx.runOnContext(
        v -> {
          ClaimLoop loop = ClaimLoops.of(vertx, OWNER, new Slots(THREADS, 0));
          loop.outcomeOnItsWay(late, t0.plusSeconds(5));
          loop.outcomeOnItsWay(early, t0);
          loop.outcomeOnItsWay(unknown, null);
          loop.outcomeOnItsWay(twice, t0.plusSeconds(1));
          loop.outcomeOnItsWay(twice, t0.plusSeconds(2));
          loop.claim();
        });
  }

  @Test
  void aFailedClaim_isSentAgain_byItself(Vertx vertx, VertxTestContext test) {
    long[] failedAt = new long[1];
    answerClaims(
        vertx,
        (claim, number) -> {
          if (number == 1) {
            failedAt[0] = System.nanoTime();
            claim.fail(500, "the claim statement failed");
            return;
          }
          long afterMs = (System.nanoTime() - failedAt[0]) / 1_000_000;
          claim.reply(new ClaimedTasks(List.of()));
          test.verify(
              () -> {
                assertEquals(2, number);
                // not sent again at once: a second later, by the loop's own timer
                assertTrue(afterMs >= ClaimLoop.RETRY_AFTER_FAILURE_MS - 50, afterMs + " ms");
                test.completeNow();
              });
        });
    // one claim, and no other cause for a claim after it (no announcement, no poll here)
    vertx.runOnContext(v -> ClaimLoops.of(vertx, OWNER, new Slots(THREADS, 0)).claim());
  }

  @Test
  void aClaimAnsweredAfterAFailure_cancelsTheFailuresRetry(Vertx vertx, VertxTestContext test) {
    ClaimLoop[] loop = new ClaimLoop[1];
    Context[] loopContext = new Context[1];
    AtomicInteger claims = new AtomicInteger();
    answerClaims(
        vertx,
        (claim, number) -> {
          claims.set(number);
          if (number == 1) {
            claim.fail(500, "the claim statement failed");
            // another cause claims right after the failure, while its retry is pending
            loopContext[0].runOnContext(v -> loop[0].claim());
            return;
          }
          claim.reply(new ClaimedTasks(List.of()));
          if (number == 2) {
            // past the failure's retry: no claim may have followed the answered one
            vertx.setTimer(
                ClaimLoop.RETRY_AFTER_FAILURE_MS + 500,
                id ->
                    test.verify(
                        () -> {
                          assertEquals(2, claims.get(), "the retry was cancelled");
                          test.completeNow();
                        }));
          }
        });
    vertx.runOnContext(
        v -> {
          loopContext[0] = vertx.getOrCreateContext();
          loop[0] = ClaimLoops.of(vertx, OWNER, new Slots(THREADS, 0));
          loop[0].claim();
        });
  }

  /** Answers the runner's claims: {@code answer} gets each with its number, from 1. */
  private static void answerClaims(Vertx vertx, BiConsumer<Message<ClaimRequest>, Integer> answer) {
    ProtocolCodecs.register(vertx.eventBus());
    AtomicInteger claims = new AtomicInteger();
    vertx
        .eventBus()
        .<ClaimRequest>consumer(
            Addresses.QUEUE_CLAIM, claim -> answer.accept(claim, claims.incrementAndGet()));
  }
}
