package io.ordo.runner;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.ordo.bus.Addresses;
import io.ordo.bus.ClaimRequest;
import io.ordo.bus.ClaimRequest.SerialQueueRef;
import io.ordo.bus.ClaimedTasks;
import io.ordo.bus.ProtocolCodecs;
import io.vertx.core.Vertx;
import io.vertx.junit5.VertxExtension;
import io.vertx.junit5.VertxTestContext;
import java.util.List;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * A runner whose serial outcomes lag behind its claims stops claiming while more queues than {@link
 * ClaimLoop#SETTLING_PER_THREAD} per thread are settling, and claims again as they are applied; a
 * claim that failed is followed by another without any other cause.
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
          queues.forEach(loop::outcomeOnItsWay);
          loop.claim();
          loop.outcomeApplied(queues.get(0));
        });
  }

  @Test
  void aFailedClaim_isSentAgain_byItself(Vertx vertx, VertxTestContext test) {
    ProtocolCodecs.register(vertx.eventBus());
    AtomicInteger claims = new AtomicInteger();
    long[] failedAt = new long[1];
    vertx
        .eventBus()
        .<ClaimRequest>consumer(
            Addresses.QUEUE_CLAIM,
            claim -> {
              if (claims.incrementAndGet() == 1) {
                failedAt[0] = System.nanoTime();
                claim.fail(500, "the claim statement failed");
                return;
              }
              long afterMs = (System.nanoTime() - failedAt[0]) / 1_000_000;
              claim.reply(new ClaimedTasks(List.of()));
              test.verify(
                  () -> {
                    assertEquals(2, claims.get());
                    // not sent again at once: a second later, by the loop's own timer
                    assertTrue(afterMs >= ClaimLoop.RETRY_AFTER_FAILURE_MS - 50, afterMs + " ms");
                    test.completeNow();
                  });
            });
    // one claim, and no other cause for a claim after it (no announcement, no poll here)
    vertx.runOnContext(v -> ClaimLoops.of(vertx, OWNER, new Slots(THREADS, 0)).claim());
  }
}
