package io.ordo.runner;

import io.ordo.bus.Addresses;
import io.ordo.bus.ClaimRequest;
import io.ordo.bus.ClaimedTasks;
import io.vertx.core.Vertx;
import io.vertx.junit5.VertxTestContext;
import java.util.List;
import java.util.function.Consumer;

/** Claim loops for tests, and a queue service that answers the first claim. */
final class ClaimLoops {
  private ClaimLoops() {}

  /** A loop of {@code ownerId} on node-a that runs Echo, holds nothing and drops what it claims. */
  static ClaimLoop of(Vertx vertx, String ownerId, Slots slots) {
    return new ClaimLoop(
        vertx,
        new ClaimLoop.Claimant(() -> ownerId, "node-a", List.of("Echo")),
        slots,
        () -> 0,
        () -> false,
        tasks -> {});
  }

  /**
   * Takes the claims on the bus (its codecs registered): checks the first with {@code check},
   * answers it with nothing and completes the test.
   */
  static void answerFirst(Vertx vertx, VertxTestContext test, Consumer<ClaimRequest> check) {
    vertx
        .eventBus()
        .<ClaimRequest>consumer(
            Addresses.QUEUE_CLAIM,
            claim ->
                test.verify(
                    () -> {
                      check.accept(claim.body());
                      claim.reply(new ClaimedTasks(List.of()));
                      test.completeNow();
                    }));
  }
}
