package io.ordo.deploy;

import io.ordo.config.OrdoConfig.HttpOptions;
import io.ordo.db.DatabaseAddress;
import io.ordo.runner.tasktype.InvalidTaskClassException;
import java.net.BindException;
import java.net.UnknownHostException;
import java.sql.SQLException;
import java.util.Set;

/**
 * Turns a failed start whose cause the operator can fix (a database that cannot be reached or
 * refuses the login, an HTTP address that cannot be bound, a task class or plugin directory that
 * cannot be loaded) into a one-line {@link StartupException}; any other failure is answered
 * unchanged and logged with its stack trace.
 */
final class StartupFailures {
  /**
   * SQLSTATE classes of a connection that could not be made or was refused: 08 connection
   * exception, 28 invalid authorization, 3D invalid catalog name (no such database).
   */
  private static final Set<String> CONNECTION_CLASSES = Set.of("08", "28", "3D");

  private StartupFailures() {}

  static Throwable explained(Throwable failure, HttpOptions http, DatabaseAddress database) {
    for (Throwable cause = failure; cause != null; cause = cause.getCause()) {
      if (cause instanceof SQLException sql && connectionFailure(sql)) {
        return new StartupException(
            "cannot connect to the database "
                + database.describe()
                + ": "
                + reason(sql)
                + " (check ORDO_DB_URL and that the database is up)");
      }
    }
    for (Throwable cause = failure; cause != null; cause = cause.getCause()) {
      if (cause instanceof InvalidTaskClassException invalid) {
        return new StartupException(
            "the runner's task types cannot be loaded: "
                + oneLine(invalid.getMessage())
                + " (they come from ORDO_TASK_CLASSES, ORDO_PLUGIN_DIR and the class path)");
      }
      if (cause instanceof BindException bind) {
        return httpBind(http, bind);
      }
      if (cause instanceof UnknownHostException
          && String.valueOf(cause.getMessage()).contains(http.host())) {
        return cannotListen(http, "the host name does not resolve");
      }
    }
    return failure;
  }

  private static StartupException httpBind(HttpOptions http, BindException bind) {
    String where = "the HTTP port " + http.port() + " on " + http.host();
    if (String.valueOf(bind.getMessage()).contains("in use")) {
      return new StartupException(
          where
              + " is already in use (another Ordo node?); stop it or set ORDO_HTTP_PORT to"
              + " another port");
    }
    // e.g. "Cannot assign requested address": the host is not one of this machine's addresses
    return cannotListen(http, oneLine(bind.getMessage()));
  }

  /** The HTTP address cannot be listened on, for a reason that names no port in use. */
  private static StartupException cannotListen(HttpOptions http, String why) {
    return new StartupException(
        "cannot listen on "
            + http.host()
            + ":"
            + http.port()
            + ": "
            + why
            + "; set ORDO_HTTP_HOST to an address of this machine");
  }

  /** The driver's words, but "The connection attempt failed." names no reason for a bad host. */
  private static String reason(SQLException sql) {
    for (Throwable cause = sql; cause != null; cause = cause.getCause()) {
      if (cause instanceof UnknownHostException) {
        return "the host name does not resolve";
      }
    }
    return oneLine(sql.getMessage());
  }

  private static boolean connectionFailure(SQLException sql) {
    String state = sql.getSQLState();
    return state != null
        && state.length() >= 2
        && CONNECTION_CLASSES.contains(state.substring(0, 2));
  }

  private static String oneLine(String text) {
    return String.valueOf(text).replaceAll("\\s+", " ").trim();
  }
}
