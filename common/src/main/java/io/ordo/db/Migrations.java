package io.ordo.db;

import io.vertx.core.Future;
import io.vertx.core.Vertx;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import org.flywaydb.core.Flyway;
import org.flywaydb.core.api.output.MigrateResult;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Runs the versioned schema migrations ({@code db/migration/V*.sql}) with Flyway. Safe to call from
 * every node at once: Flyway serialises concurrent migrations with an advisory lock.
 */
public final class Migrations {
  private static final Logger LOG = LoggerFactory.getLogger(Migrations.class);

  private Migrations() {}

  /** Migrates on a worker thread (Flyway is blocking JDBC). */
  public static Future<Void> migrate(Vertx vertx, DatabaseAddress address) {
    return vertx.executeBlocking(
        () -> {
          migrateBlocking(address);
          return null;
        },
        false);
  }

  public static void migrateBlocking(DatabaseAddress address) {
    MigrateResult result =
        Flyway.configure()
            .dataSource(address.jdbcUrl(), address.user(), address.password())
            .locations("classpath:db/migration")
            .load()
            .migrate();
    LOG.info(
        "Schema of {} at version {} ({} migrations applied)",
        address.describe(),
        result.targetSchemaVersion,
        result.migrationsExecuted);
    analyze(address);
  }

  /**
   * Gives the planner fresh statistics of the hot tables at every start: a fresh or restored
   * database has none until autovacuum first runs, and plans made without them can scan a whole
   * backlog per claimed message.
   */
  private static void analyze(DatabaseAddress address) {
    try (Connection connection =
            DriverManager.getConnection(address.jdbcUrl(), address.user(), address.password());
        Statement statement = connection.createStatement()) {
      statement.execute("ANALYZE im_async_task_info, im_async_queue_info, ordo_lock_owner");
    } catch (SQLException e) {
      LOG.warn("ANALYZE at start failed: {}", e.getMessage());
    }
  }
}
