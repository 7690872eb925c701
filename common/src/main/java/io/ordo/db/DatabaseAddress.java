package io.ordo.db;

import io.vertx.pgclient.PgConnectOptions;
import java.net.URI;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.time.Duration;

/**
 * Where a PostgreSQL database is: parsed from a {@code postgresql://user:password@host:port/db}
 * URI, and rendered as the connect options of the reactive client and as a JDBC URL for Flyway.
 */
public record DatabaseAddress(
    String host, int port, String database, String user, String password) {

  /**
   * How long PostgreSQL lets one of Ordo's sessions sit idle inside a transaction before it ends
   * the session and rolls the transaction back, releasing its locks (see {@link #connectOptions}).
   */
  public static final Duration IDLE_IN_TRANSACTION_TIMEOUT = Duration.ofSeconds(10);

  public static DatabaseAddress parse(String uri) {
    URI parsed;
    try {
      parsed = URI.create(uri.trim());
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException("not a database URI: " + redact(uri), e);
    }
    String scheme = parsed.getScheme();
    if (!"postgresql".equals(scheme) && !"postgres".equals(scheme)) {
      throw new IllegalArgumentException(
          "database URI must start with postgresql:// (got " + redact(uri) + ")");
    }
    String user = "postgres";
    String password = null;
    String userInfo = parsed.getRawUserInfo();
    if (userInfo != null) {
      int colon = userInfo.indexOf(':');
      user = decode(colon < 0 ? userInfo : userInfo.substring(0, colon));
      password = colon < 0 ? null : decode(userInfo.substring(colon + 1));
    }
    String path = parsed.getPath();
    String database = path == null || path.length() <= 1 ? "postgres" : path.substring(1);
    int port = parsed.getPort() < 0 ? 5432 : parsed.getPort();
    if (parsed.getHost() == null) {
      throw new IllegalArgumentException("database URI has no host: " + redact(uri));
    }
    if (port < 1 || port > 65535) {
      throw new IllegalArgumentException(
          "database URI's port must be between 1 and 65535: " + redact(uri));
    }
    return new DatabaseAddress(parsed.getHost(), port, database, user, password);
  }

  /** The reactive client's options for this database, with the planner settings of a profile. */
  public PgConnectOptions connectOptions(PlanProfile profile) {
    PgConnectOptions options =
        new PgConnectOptions()
            .setHost(host)
            .setPort(port)
            .setDatabase(database)
            .setUser(user)
            .setCachePreparedStatements(true)
            // the hot path's set-based statements run past the default 2,048 characters, and a
            // statement not cached is parsed and planned again on every execution
            .setPreparedStatementCacheSqlLimit(65_536)
            .setPipeliningLimit(256)
            // Ordo's statements are short and run thousands of times a second: compiling one
            // with LLVM (PostgreSQL's JIT, chosen when estimates run high) costs hundreds of ms
            .addProperty("jit", "off")
            // A node that stops between two statements of a transaction (paused, its host hung,
            // cut off: its connection stays open for the kernel's keepalive, two hours) held its
            // row locks until it went on: a queue service paused in a report batch blocked every
            // other queue service's batches behind a serial queue's row, and the farm stood still.
            // PostgreSQL now ends such a session; Ordo's transactions are a few statements sent
            // back to back, idle for milliseconds between them.
            .addProperty(
                "idle_in_transaction_session_timeout",
                String.valueOf(IDLE_IN_TRANSACTION_TIMEOUT.toMillis()));
    profile.settings().forEach(options::addProperty);
    return password == null ? options : options.setPassword(password);
  }

  public String jdbcUrl() {
    return "jdbc:postgresql://" + host + ":" + port + "/" + database;
  }

  /** The URI without its password, for logs. */
  public String describe() {
    return "postgresql://" + user + "@" + host + ":" + port + "/" + database;
  }

  private static String decode(String text) {
    return URLDecoder.decode(text, StandardCharsets.UTF_8);
  }

  private static String redact(String uri) {
    return uri.replaceAll("://([^:@/]*):[^@/]*@", "://$1:***@");
  }
}
