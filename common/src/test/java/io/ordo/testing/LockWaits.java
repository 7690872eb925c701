package io.ordo.testing;

import io.vertx.core.Future;
import io.vertx.sqlclient.Pool;

/** Waiting, in a test, until a transaction on another connection is blocked on a lock. */
public final class LockWaits {
  private LockWaits() {}

  /** Completes once some backend waits for a lock ({@code pg_locks} has an ungranted one). */
  public static Future<Void> awaitLockWait(Pool pool) {
    return pool.query("SELECT count(*) FROM pg_locks WHERE NOT granted")
        .execute()
        .compose(
            rows ->
                rows.iterator().next().getLong(0) > 0
                    ? Future.<Void>succeededFuture()
                    : awaitLockWait(pool));
  }
}
