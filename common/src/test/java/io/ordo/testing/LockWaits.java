package io.ordo.testing;

import io.vertx.core.Future;
import io.vertx.core.Promise;
import io.vertx.sqlclient.Pool;
import io.vertx.sqlclient.SqlConnection;
import java.util.function.BiFunction;
import java.util.function.Function;

/** Waiting, in a test, until a transaction on another connection is blocked on a lock. */
public final class LockWaits {
  private LockWaits() {}

  /** Completes once some backend waits for a lock ({@code pg_locks} has an ungranted one). */
  public static Future<Void> awaitLockWait(Pool pool) {
    return SingleValues.of(
            pool, "SELECT count(*) FROM pg_locks WHERE NOT granted", r -> r.getLong(0))
        .compose(waiting -> waiting > 0 ? Future.<Void>succeededFuture() : awaitLockWait(pool));
  }

  /**
   * Starts {@code work} in a transaction of its own on {@code connection}, committed once the work
   * is done (its outcome goes to {@code done}); completes once some backend waits for a lock, the
   * work's transaction presumably.
   */
  public static <T> Future<Void> startedUntilBlocked(
      Pool pool,
      SqlConnection connection,
      Function<SqlConnection, Future<T>> work,
      Promise<T> done) {
    connection
        .begin()
        .compose(tx -> work.apply(connection).compose(result -> tx.commit().map(result)))
        .onComplete(done);
    return awaitLockWait(pool);
  }

  /** Runs {@code race} on two connections of the pool of its own, closed once it is over. */
  public static <T> Future<T> withTwoConnections(
      Pool pool, BiFunction<SqlConnection, SqlConnection, Future<T>> race) {
    return pool.getConnection()
        .compose(
            first ->
                pool.getConnection()
                    .compose(second -> race.apply(first, second).eventually(second::close))
                    .eventually(first::close));
  }
}
