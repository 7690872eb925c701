package io.ordo.db;

import io.vertx.core.Future;
import io.vertx.core.Vertx;
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
  }
}
