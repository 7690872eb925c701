package io.ordo.samples;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import io.vertx.core.json.Json;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.util.Objects;
import java.util.UUID;

/**
 * Where the Record sample writes: the node sets the database when it deploys a runner. A shortcut
 * for a sample (tasks have no injection); real tasks get their own resources.
 *
 * <p>Writes go through a small HikariCP pool, created at the first write and replaced when the node
 * configures another database: at most {@link #POOL_SIZE} connections (the default {@code
 * task-runner.max-threads}), none kept once idle for {@link #IDLE_TIMEOUT_MILLIS}, so a node that
 * never runs Record holds no connection.
 */
public final class SampleDatabase {
  static final int POOL_SIZE = 8;
  static final long IDLE_TIMEOUT_MILLIS = 10_000;
  static final long CONNECTION_TIMEOUT_MILLIS = 10_000;

  private static final Object LOCK = new Object();
  private static volatile Target target;
  private static HikariDataSource pool; // for target; guarded by LOCK
  private static Target poolTarget; // guarded by LOCK

  private record Target(String jdbcUrl, String user, String password) {}

  private SampleDatabase() {}

  public static void configure(String url, String databaseUser, String databasePassword) {
    target = new Target(url, databaseUser, databasePassword);
  }

  static void record(String tenant, String messageId, String key, Object value) {
    HikariDataSource dataSource = pool();
    try {
      insert(dataSource, tenant, messageId, key, value);
    } catch (SQLException e) {
      // A connection that broke while pooled (the database restarted) is evicted by the pool
      // (SQLState class 08): try once more on a fresh one.
      if (e.getSQLState() == null || !e.getSQLState().startsWith("08")) {
        throw new IllegalStateException("Record could not write: " + e.getMessage(), e);
      }
      try {
        insert(dataSource, tenant, messageId, key, value);
      } catch (SQLException again) {
        throw new IllegalStateException("Record could not write: " + again.getMessage(), again);
      }
    }
  }

  private static void insert(
      HikariDataSource dataSource, String tenant, String messageId, String key, Object value)
      throws SQLException {
    try (Connection connection = dataSource.getConnection();
        PreparedStatement insert =
            connection.prepareStatement(
                "INSERT INTO ordo_sample_record (tenant, message_id, record_key, value)"
                    + " VALUES (?, ?, ?, ?::jsonb)")) {
      insert.setString(1, tenant);
      insert.setObject(2, UUID.fromString(messageId));
      insert.setString(3, key);
      insert.setString(4, Json.encode(value));
      insert.executeUpdate();
    }
  }

  /** The pool for the configured database, created (or replaced) on first use. */
  private static HikariDataSource pool() {
    Target wanted = target;
    if (wanted == null) {
      throw new IllegalStateException("the Record sample has no database configured");
    }
    HikariDataSource current;
    HikariDataSource previous;
    synchronized (LOCK) {
      if (pool != null && Objects.equals(poolTarget, wanted)) {
        return pool;
      }
      previous = pool;
      current = create(wanted);
      pool = current;
      poolTarget = wanted;
    }
    if (previous != null) {
      previous.close(); // the previous database's node is gone; its writes have ended
    }
    return current;
  }

  private static HikariDataSource create(Target target) {
    HikariConfig config = new HikariConfig();
    config.setPoolName("ordo-sample-record");
    config.setJdbcUrl(target.jdbcUrl());
    config.setUsername(target.user());
    if (target.password() != null) {
      config.setPassword(target.password());
    }
    config.setMaximumPoolSize(POOL_SIZE);
    config.setMinimumIdle(0);
    config.setIdleTimeout(IDLE_TIMEOUT_MILLIS);
    config.setConnectionTimeout(CONNECTION_TIMEOUT_MILLIS);
    // Connect at the first write, not here: a database that is not up yet fails that write (as a
    // task failure), not the pool.
    config.setInitializationFailTimeout(-1);
    return new HikariDataSource(config);
  }
}
