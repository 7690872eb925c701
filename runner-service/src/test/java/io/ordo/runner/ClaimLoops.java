package io.ordo.runner;

import io.ordo.bus.Addresses;
import io.ordo.bus.ClaimRequest;
import io.ordo.bus.ClaimedTask;
import io.ordo.bus.ClaimedTasks;
import io.ordo.bus.ProtocolCodecs;
import io.ordo.bus.QueueServiceContact;
import io.vertx.core.Vertx;
import io.vertx.junit5.VertxTestContext;
import java.time.Duration;
import java.util.List;
import java.util.function.Consumer;
import java.util.function.IntSupplier;
import java.util.function.LongConsumer;

/** Claim loops for tests, and a queue service that answers the first claim. */
final class ClaimLoops {
  private ClaimLoops() {}

  /** A loop of {@code ownerId} on node-a that runs Echo, holds nothing and drops what it claims. */
  static ClaimLoop of(Vertx vertx, String ownerId, Slots slots) {
    return of(vertx, ownerId, slots, () -> 0, tasks -> {});
  }

  /**
   * A loop of {@code ownerId} on node-a that runs Echo, holds {@code held} and gives what it claims
   * to {@code take}.
   */
  static ClaimLoop of(
      Vertx vertx,
      String ownerId,
      Slots slots,
      IntSupplier held,
      Consumer<List<ClaimedTask>> take) {
    return of(vertx, ownerId, slots, held, take, nanos -> {});
  }

  /** As above, telling {@code answeredAfter} of each answered claim's round trip. */
  static ClaimLoop of(
      Vertx vertx,
      String ownerId,
      Slots slots,
      IntSupplier held,
      Consumer<List<ClaimedTask>> take,
      LongConsumer answeredAfter) {
    return new ClaimLoop(
        vertx,
        new ClaimLoop.Claimant(() -> ownerId, "node-a", List.of("Echo")),
        slots,
        held,
        () -> false,
        take,
        new ClaimLoop.Outcomes() {
          @Override
          public void answered(long nanos, int took) {
            answeredAfter.accept(nanos);
          }

          @Override
          public void failed() {}
        },
        new QueueServiceContact(Duration.ofMinutes(1)));
  }

  /**
   * Takes the claims on the bus (registering its codecs): checks the first with {@code check},
   * answers it with nothing and completes the test.
   */
  static void answerFirst(Vertx vertx, VertxTestContext test, Consumer<ClaimRequest> check) {
    ProtocolCodecs.register(vertx.eventBus());
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
