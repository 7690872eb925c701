package io.ordo.db;

import io.vertx.core.Future;
import io.vertx.pgclient.PgException;
import io.vertx.sqlclient.Pool;
import io.vertx.sqlclient.SqlConnection;
import java.util.Set;
import java.util.function.Function;

/**
 * Runs a transaction, retrying it when PostgreSQL aborts it for a deadlock or a serialization
 * failure: both mean "a concurrent transaction won; do it again", never a wrong request.
 */
public final class Transactions {
  private static final Set<String> RETRYABLE = Set.of("40P01", "40001");
  private static final int MAX_ATTEMPTS = 5;

  private Transactions() {}

  public static <T> Future<T> withRetry(Pool pool, Function<SqlConnection, Future<T>> work) {
    return attempt(pool, work, 1);
  }

  private static <T> Future<T> attempt(
      Pool pool, Function<SqlConnection, Future<T>> work, int attempt) {
    return pool.withTransaction(work)
        .recover(
            error ->
                attempt < MAX_ATTEMPTS && isRetryable(error)
                    ? attempt(pool, work, attempt + 1)
                    : Future.failedFuture(error));
  }

  /**
   * Runs {@code reads} in one read-only snapshot (REPEATABLE READ), so that what several statements
   * read agrees with itself: no commit between two of them shows in one and not in the other.
   */
  public static <T> Future<T> inOneSnapshot(Pool pool, Function<SqlConnection, Future<T>> reads) {
    return pool.withTransaction(
        connection ->
            connection
                .query("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY")
                .execute()
                .compose(set -> reads.apply(connection)));
  }

  /** A deadlock or serialization failure. */
  public static boolean isRetryable(Throwable error) {
    return error instanceof PgException pg && RETRYABLE.contains(pg.getSqlState());
  }

  /** A unique-constraint violation (SQLSTATE 23505). */
  public static boolean isUniqueViolation(Throwable error) {
    return error instanceof PgException pg && "23505".equals(pg.getSqlState());
  }
}
