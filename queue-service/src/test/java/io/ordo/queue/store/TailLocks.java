package io.ordo.queue.store;

import io.ordo.model.QueueKind;
import io.ordo.queue.store.QueueStore.TailRequest;
import io.ordo.testing.LockWaits;
import io.vertx.core.Future;
import io.vertx.core.Promise;
import io.vertx.sqlclient.Pool;
import io.vertx.sqlclient.SqlConnection;
import java.time.Instant;
import java.util.List;
import java.util.function.Function;

/** A registration's lock on a serial queue's row, taken the way a registration takes it. */
public final class TailLocks {
  private TailLocks() {}

  /**
   * Reserves one position at the queue's tail in the connection's transaction (locking its row).
   */
  public static Future<Void> reserveOne(
      SqlConnection tx, String tenant, String queueId, Instant now) {
    return new QueueStore()
        .reserveTail(tx, List.of(new TailRequest(tenant, QueueKind.SERIAL, queueId, 1)), now)
        .mapEmpty();
  }

  /**
   * A registration that locks serial queues q1 and q2 (key order) racing {@code work} on a
   * connection of its own: the work starts while the registration holds q1; once something waits
   * for a lock, the registration asks for q2 and commits. Answers the work's outcome (committed).
   */
  public static <T> Future<T> raceAgainstRegistration(
      Pool pool, String tenant, Instant now, Function<SqlConnection, Future<T>> work) {
    return LockWaits.withTwoConnections(
        pool,
        (registering, working) -> {
          Promise<T> done = Promise.promise();
          return registering
              .begin()
              .compose(
                  registration ->
                      reserveOne(registering, tenant, "q1", now)
                          .compose(v -> LockWaits.startedUntilBlocked(pool, working, work, done))
                          .compose(v -> reserveOne(registering, tenant, "q2", now))
                          .compose(v -> registration.commit()))
              .compose(v -> done.future());
        });
  }
}
