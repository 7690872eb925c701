package io.ordo.lock;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.ordo.db.Pools;
import io.ordo.testing.TestDatabase;
import io.vertx.core.Future;
import io.vertx.core.Promise;
import io.vertx.core.Vertx;
import io.vertx.junit5.VertxExtension;
import io.vertx.junit5.VertxTestContext;
import io.vertx.sqlclient.Pool;
import io.vertx.sqlclient.Row;
import io.vertx.sqlclient.Tuple;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.BooleanSupplier;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The lock-owner lease (SPEC 6) against PostgreSQL: registered at start, replaced by a fresh owner
 * when a renewal finds it expired, given up on resign. The lease is on the database's clock, so a
 * test expires it by moving {@code lease_expires_at} behind the keeper's back, not by waiting.
 */
@ExtendWith(VertxExtension.class)
class LeaseKeeperTest {
  private static final String NODE = "runner-1";
  private static final Duration LEASE = Duration.ofSeconds(2);
  private static final Duration RENEWAL_PERIOD = Duration.ofMillis(100);

  private static final String OWNER =
      // $1 owner id, $2 the keeper's lease in milliseconds (no lease may run longer)
      "SELECT node_name, kind, capacity, lease_expires_at > now() AS live,"
          + " lease_expires_at <= now() + $2 * interval '1 millisecond' AS within_lease"
          + " FROM ordo_lock_owner WHERE owner_id = $1";

  private static final String EXPIRE =
      // $1 owner id
      "UPDATE ordo_lock_owner SET lease_expires_at = now() - interval '1 second'"
          + " WHERE owner_id = $1";

  private Vertx vertx;
  private Pool pool;
  private LeaseKeeper keeper;

  @BeforeEach
  void setUp(Vertx vertx) {
    TestDatabase.truncate();
    this.vertx = vertx;
    pool = Pools.create(vertx, TestDatabase.address(), 2, "test");
  }

  @AfterEach
  void tearDown(VertxTestContext ctx) {
    Future<Void> resigned = keeper == null ? Future.succeededFuture() : keeper.resign();
    resigned.compose(v -> pool.close()).onComplete(ctx.succeedingThenComplete());
  }

  @Test
  void start_registersALiveOwner_andTellsTheListenerItsId(VertxTestContext ctx) {
    Future<String> acquired = startExpectingNoLoss(ctx);
    acquired
        .compose(this::owner)
        .onComplete(
            ctx.succeeding(
                stored ->
                    ctx.verify(
                        () -> {
                          assertEquals(keeper.ownerId(), acquired.result());
                          assertTrue(keeper.held());
                          OwnerRow row = stored.orElseThrow();
                          assertEquals(NODE, row.node());
                          assertEquals(LockOwner.RUNNER, row.kind());
                          assertEquals(
                              0, row.capacity(), "an owner without a status takes no tasks");
                          assertTrue(row.live(), "the lease is live");
                          assertTrue(row.withinLease(), "the lease is at most " + LEASE);
                          ctx.completeNow();
                        })));
  }

  @Test
  void anExpiredLease_isReportedLost_thenAFreshOwnerRegisters(VertxTestContext ctx) {
    Promise<String> first = Promise.promise();
    Promise<String> lost = Promise.promise();
    Promise<String> fresh = Promise.promise();
    keeper =
        keeper(
            new LeaseListener() {
              @Override
              public void leaseLost(String lostOwnerId) {
                ctx.verify(
                    () -> {
                      assertNull(keeper.ownerId(), "no owner id while the loss is reported");
                      assertFalse(keeper.held());
                    });
                if (!lost.tryComplete(lostOwnerId)) {
                  ctx.failNow("the lease was reported lost twice: " + lostOwnerId);
                }
              }

              @Override
              public void leaseAcquired(String ownerId) {
                if (first.tryComplete(ownerId)) {
                  return;
                }
                ctx.verify(
                    () ->
                        assertTrue(
                            lost.future().isComplete(),
                            "a fresh owner registers only after the loss is reported"));
                if (!fresh.tryComplete(ownerId)) {
                  ctx.failNow("a third lease was acquired: " + ownerId);
                }
              }
            });

    keeper
        .start()
        .compose(v -> first.future())
        .compose(
            id ->
                expire(id)
                    .map(
                        expired -> {
                          ctx.verify(() -> assertEquals(1, expired, "the first lease expired"));
                          return id;
                        }))
        .compose(
            firstId ->
                Future.all(lost.future(), fresh.future())
                    .compose(v -> owner(fresh.future().result()))
                    .map(
                        freshRow -> {
                          ctx.verify(
                              () -> {
                                assertEquals(firstId, lost.future().result());
                                String freshId = fresh.future().result();
                                assertNotEquals(firstId, freshId);
                                assertEquals(freshId, keeper.ownerId());
                                assertTrue(keeper.held());
                                OwnerRow row = freshRow.orElseThrow();
                                assertTrue(row.live(), "the fresh lease is live");
                                assertTrue(
                                    row.withinLease(), "the fresh lease is at most " + LEASE);
                              });
                          return null;
                        }))
        .onComplete(ctx.succeedingThenComplete());
  }

  @Test
  void resign_deletesTheOwnerRow(VertxTestContext ctx) {
    Future<String> acquired = startExpectingNoLoss(ctx);
    acquired
        .compose(this::owner)
        .compose(
            before -> {
              ctx.verify(() -> assertTrue(before.isPresent(), "registered before resigning"));
              return keeper.resign().compose(v -> owner(acquired.result()));
            })
        .onComplete(
            ctx.succeeding(
                after ->
                    ctx.verify(
                        () -> {
                          assertEquals(Optional.empty(), after, "the owner row is gone");
                          assertFalse(keeper.held());
                          ctx.completeNow();
                        })));
  }

  @Test
  void aReportingOwner_writesItsStatusWhenItRegisters_andItsLoadAndCapacityWithEachRenewal(
      VertxTestContext ctx) {
    AtomicInteger busy = new AtomicInteger();
    keeper =
        new LeaseKeeper(
            vertx,
            pool,
            NODE,
            LockOwner.RUNNER,
            LEASE,
            RENEWAL_PERIOD,
            lostOwnerId -> {},
            new SimpleMeterRegistry(),
            () ->
                new OwnerStatus(
                    2, busy.get(), List.of("com.example.Task"), "1.2.3", 10 + busy.get()));
    keeper
        .start()
        .compose(v -> new LockOwnerStore().liveRunners(pool))
        .compose(
            owners -> {
              ctx.verify(() -> assertEquals(10, owners.get(0).capacity(), "the status's capacity"));
              return new LockOwnerStore().liveRunners(pool);
            })
        .compose(
            registered -> {
              ctx.verify(
                  () -> {
                    LiveRunner runner = registered.get(0);
                    assertEquals(keeper.ownerId(), runner.ownerId());
                    assertEquals(NODE, runner.node());
                    assertEquals(2, runner.maxThreads());
                    assertEquals(0, runner.busy());
                    assertEquals(List.of("com.example.Task"), runner.taskTypes());
                    assertEquals("1.2.3", runner.version());
                    assertFalse(runner.renewedAt().isBefore(runner.startedAt()));
                  });
              busy.set(2);
              return awaitBusy(2);
            })
        .compose(v -> new LockOwnerStore().liveRunners(pool))
        .onComplete(
            ctx.succeeding(
                owners ->
                    ctx.verify(
                        () -> {
                          assertEquals(12, owners.get(0).capacity(), "renewed with the load");
                          ctx.completeNow();
                        })));
  }

  /** Polls the live runners until this keeper's row shows {@code busy}. */
  private Future<Void> awaitBusy(int busy) {
    return new LockOwnerStore()
        .liveRunners(pool)
        .compose(
            runners -> {
              if (runners.get(0).busy() == busy) {
                return Future.succeededFuture();
              }
              Promise<Void> later = Promise.promise();
              vertx.setTimer(RENEWAL_PERIOD.toMillis(), id -> later.complete());
              return later.future().compose(v -> awaitBusy(busy));
            });
  }

  /** Starts a keeper whose listener fails the test on a loss; answers its owner id. */
  /**
   * A runner begins a task only while its lease is surely live: {@code holds} answers for the
   * current owner within its lease, not for another owner nor for a margin longer than the lease,
   * and it turns false a lease after the last renewal that got through, while the keeper itself has
   * not learnt of any loss (here the database is out of reach: every renewal fails).
   */
  @Test
  void holds_onlyTheCurrentOwner_andNoLongerThanALeaseAfterTheLastRenewal(VertxTestContext ctx) {
    Pool cutOff = Pools.create(vertx, TestDatabase.address(), 1, "cut-off");
    keeper =
        new LeaseKeeper(
            vertx,
            cutOff,
            NODE,
            LockOwner.RUNNER,
            LEASE,
            RENEWAL_PERIOD,
            lostOwnerId -> ctx.failNow("the keeper cannot learn of a loss here"),
            new SimpleMeterRegistry());
    keeper
        .start()
        .map(
            v -> {
              String id = keeper.ownerId();
              ctx.verify(
                  () -> {
                    assertTrue(keeper.holds(id, Duration.ofMillis(100)));
                    assertFalse(keeper.holds(UUID.randomUUID().toString(), Duration.ZERO));
                    assertFalse(keeper.holds(id, LEASE.plusSeconds(1)), "beyond its lease");
                  });
              return id;
            })
        .compose(id -> cutOff.close().map(id))
        .compose(id -> becomes(() -> !keeper.holds(id, Duration.ZERO), LEASE.multipliedBy(3)))
        .onComplete(
            ctx.succeeding(
                v ->
                    ctx.verify(
                        () -> {
                          assertTrue(keeper.held(), "the keeper has not learnt of a loss");
                          keeper = null; // its database is out of reach: nothing to resign
                          ctx.completeNow();
                        })));
  }

  /** Completes once {@code condition} holds, checked every 20 ms; fails after {@code limit}. */
  private Future<Void> becomes(BooleanSupplier condition, Duration limit) {
    Promise<Void> done = Promise.promise();
    long deadline = System.nanoTime() + limit.toNanos();
    vertx.setPeriodic(
        20,
        timer -> {
          if (condition.getAsBoolean()) {
            vertx.cancelTimer(timer);
            done.tryComplete();
          } else if (System.nanoTime() - deadline > 0) {
            vertx.cancelTimer(timer);
            done.tryFail("not within " + limit);
          }
        });
    return done.future();
  }

  private Future<String> startExpectingNoLoss(VertxTestContext ctx) {
    Promise<String> acquired = Promise.promise();
    keeper =
        keeper(
            new LeaseListener() {
              @Override
              public void leaseLost(String lostOwnerId) {
                ctx.failNow("a fresh lease was reported lost: " + lostOwnerId);
              }

              @Override
              public void leaseAcquired(String ownerId) {
                acquired.tryComplete(ownerId);
              }
            });
    return keeper.start().compose(v -> acquired.future());
  }

  private LeaseKeeper keeper(LeaseListener listener) {
    return new LeaseKeeper(
        vertx,
        pool,
        NODE,
        LockOwner.RUNNER,
        LEASE,
        RENEWAL_PERIOD,
        listener,
        new SimpleMeterRegistry());
  }

  /** The owner's row as stored, if there is one. */
  private Future<Optional<OwnerRow>> owner(String ownerId) {
    return pool.preparedQuery(OWNER)
        .execute(Tuple.of(UUID.fromString(ownerId), LEASE.toMillis()))
        .map(
            rows -> {
              if (rows.size() == 0) {
                return Optional.empty();
              }
              Row row = rows.iterator().next();
              return Optional.of(
                  new OwnerRow(
                      row.getString("node_name"),
                      row.getString("kind"),
                      row.getInteger("capacity"),
                      row.getBoolean("live"),
                      row.getBoolean("within_lease")));
            });
  }

  /**
   * Expires the owner's lease behind the keeper's back, as if the node had been paused; answers how
   * many rows it changed.
   */
  private Future<Integer> expire(String ownerId) {
    return pool.preparedQuery(EXPIRE)
        .execute(Tuple.of(UUID.fromString(ownerId)))
        .map(rows -> rows.rowCount());
  }

  /**
   * @param live the lease has not expired on the database's clock
   * @param withinLease the lease ends no later than {@link #LEASE} from now
   */
  private record OwnerRow(
      String node, String kind, int capacity, boolean live, boolean withinLease) {}
}
