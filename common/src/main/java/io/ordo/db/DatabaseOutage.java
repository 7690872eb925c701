package io.ordo.db;

import io.ordo.ErrorCode;
import io.ordo.TaskControlException;
import io.vertx.pgclient.PgException;
import io.vertx.sqlclient.ClosedConnectionException;
import java.net.ConnectException;
import java.util.Set;

/**
 * Tells a failure that says "the database cannot be reached right now" from every other: nothing
 * was written, and the same request may succeed once PostgreSQL is back (a restart, a failover, a
 * pool that is closing with its node). Such failures are answered {@code unavailable} (503 with
 * {@code Retry-After}), which clients send again, never {@code internal}.
 */
public final class DatabaseOutage {
  /** The detail a client reads; what the driver said goes to the log. */
  public static final String DETAIL = "the database cannot be reached; try again shortly";

  /**
   * The server is shutting down, crashed, or starting (admin_shutdown, crash_shutdown,
   * cannot_connect_now), or has no connection slot left (too_many_connections).
   */
  private static final Set<String> SERVER_STATES = Set.of("57P01", "57P02", "57P03", "53300");

  /** The pool's failure once it is closed (Vert.x's SimpleConnectionPool has no type for it). */
  private static final String POOL_CLOSED = "Pool closed";

  private DatabaseOutage() {}

  /** Whether {@code error}, or a cause of it, says that the database cannot be reached. */
  public static boolean isOutage(Throwable error) {
    for (Throwable e = error; e != null; e = e.getCause() == e ? null : e.getCause()) {
      if (e instanceof ConnectException || e instanceof ClosedConnectionException) {
        return true;
      }
      if (e instanceof PgException pg && isOutageState(pg.getSqlState())) {
        return true;
      }
      if (POOL_CLOSED.equals(e.getMessage())) {
        return true;
      }
    }
    return false;
  }

  /** Connection exceptions (class 08) and the server states of {@link #SERVER_STATES}. */
  private static boolean isOutageState(String sqlState) {
    return sqlState != null && (sqlState.startsWith("08") || SERVER_STATES.contains(sqlState));
  }

  /** The problem an outage is answered with. */
  public static TaskControlException unavailable(Throwable error) {
    return new TaskControlException(ErrorCode.UNAVAILABLE, DETAIL, error);
  }
}
