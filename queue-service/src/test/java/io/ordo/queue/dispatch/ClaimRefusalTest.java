package io.ordo.queue.dispatch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;

import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.ordo.ErrorCode;
import io.ordo.bus.Addresses;
import io.ordo.bus.ClaimRequest;
import io.ordo.bus.ClaimedTasks;
import io.ordo.bus.Requests;
import io.ordo.db.PlanProfile;
import io.ordo.lock.LockOwnerStore;
import io.ordo.queue.lifecycle.QueueMetrics;
import io.ordo.queue.lifecycle.WorkNotifier;
import io.ordo.queue.store.WaitingRows;
import io.ordo.testing.TestDatabase;
import io.vertx.core.Vertx;
import io.vertx.core.eventbus.DeliveryOptions;
import io.vertx.core.eventbus.ReplyException;
import io.vertx.core.eventbus.ReplyFailure;
import io.vertx.junit5.VertxExtension;
import io.vertx.junit5.VertxTestContext;
import io.vertx.sqlclient.Pool;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * A claim a unique index refuses (the serial-queue index catching a race; here the claim's {@code
 * TaskAccepted} meeting an event already written with its number) takes nothing, and is answered as
 * a failed claim, which its runner sends again a second later: answered as an empty one, nothing
 * would have made the runner claim again before its next poll.
 */
@ExtendWith(VertxExtension.class)
class ClaimRefusalTest {
  private static final String TENANT = "default";
  private static final String TYPE = "io.ordo.test.Work";

  private final UUID owner = UUID.randomUUID();
  private Pool pool;

  @BeforeEach
  void setUp(Vertx vertx, VertxTestContext ctx) {
    pool = TestDatabase.emptiedPool(vertx, PlanProfile.CLAIM);
    new LockOwnerStore()
        .register(pool, owner, "runner-a", "runner", 8, Duration.ofMinutes(5))
        .compose(v -> WaitingRows.insert(pool, TENANT, TYPE, 1, Instant.now(), null))
        // the number its TaskAccepted would take (WaitingRows' messages are at event 1) is taken
        .compose(
            v ->
                pool.query(
                        "INSERT INTO ordo_history_event"
                            + " (tenant, execution_id, event_id, event_type, event_time, attributes)"
                            + " SELECT tenant, message_id, 2, 'TaskAccepted', now(), '{}'::jsonb"
                            + " FROM im_async_task_info")
                    .execute())
        .onComplete(ctx.succeedingThenComplete());
  }

  @AfterEach
  void tearDown(VertxTestContext ctx) {
    pool.close().onComplete(ctx.succeedingThenComplete());
  }

  @Test
  void aClaimAUniqueIndexRefuses_takesNothing_andIsAnsweredAsAFailedClaim(
      Vertx vertx, VertxTestContext ctx) {
    new Dispatcher(
            pool,
            pool,
            vertx.eventBus(),
            new WorkNotifier(vertx, Clock.systemUTC(), new SimpleMeterRegistry()),
            QueueMetrics.NOOP,
            Clock.systemUTC())
        .registerClaims(vertx.eventBus());

    Requests.<ClaimedTasks>request(
            vertx.eventBus(),
            Addresses.QUEUE_CLAIM,
            new ClaimRequest(owner.toString(), "runner-a", 4, 4, List.of(TYPE), null, List.of()),
            new DeliveryOptions())
        .onComplete(
            ctx.failing(
                error ->
                    ctx.verify(
                        () -> {
                          // a failed claim is sent again by its runner a second later (ClaimLoop)
                          ReplyException reply = assertInstanceOf(ReplyException.class, error);
                          assertEquals(ReplyFailure.RECIPIENT_FAILURE, reply.failureType());
                          assertEquals(
                              ErrorCode.UNAVAILABLE,
                              ErrorCode.fromBusFailureCode(reply.failureCode()));
                          assertEquals(
                              1,
                              TestDatabase.count(
                                  "SELECT count(*) FROM im_async_task_info"
                                      + " WHERE state = 'WAITING' AND lock_owner_id IS NULL"),
                              "nothing was taken");
                          ctx.completeNow();
                        })));
  }
}
