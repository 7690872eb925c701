package io.ordo.testing;

import io.ordo.db.DatabaseAddress;
import io.ordo.db.Migrations;
import io.ordo.db.PlanProfile;
import io.ordo.db.Pools;
import io.vertx.core.Vertx;
import io.vertx.sqlclient.Pool;
import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;

/**
 * One embedded PostgreSQL per test JVM, migrated once; tests truncate the tables between them. The
 * server stops when the JVM exits (the library's shutdown hook).
 */
public final class TestDatabase {
  private static EmbeddedPostgres postgres;
  private static DatabaseAddress address;

  private TestDatabase() {}

  /** The shared database, started and migrated on first use. */
  public static synchronized DatabaseAddress address() {
    if (address == null) {
      try {
        postgres =
            EmbeddedPostgres.builder()
                .setServerConfig("max_connections", "400")
                .setServerConfig("listen_addresses", "127.0.0.1")
                .start();
      } catch (IOException e) {
        throw new UncheckedIOException("cannot start the test database", e);
      }
      address = new DatabaseAddress("127.0.0.1", postgres.getPort(), "postgres", "postgres", null);
      Migrations.migrateBlocking(address);
    }
    return address;
  }

  /** Empties every Ordo table (not Flyway's history). */
  public static void truncate() {
    execute(
        connection -> {
          List<String> tables = new ArrayList<>();
          try (Statement statement = connection.createStatement();
              ResultSet rows =
                  statement.executeQuery(
                      "SELECT tablename FROM pg_tables WHERE schemaname = 'public'"
                          + " AND tablename <> 'flyway_schema_history'")) {
            while (rows.next()) {
              tables.add(rows.getString(1));
            }
          }
          try (Statement statement = connection.createStatement()) {
            statement.execute("TRUNCATE " + String.join(", ", tables) + " CASCADE");
          }
          return null;
        });
  }

  /** Empties the database and answers a small pool on it, for one test (the test closes it). */
  public static Pool emptiedPool(Vertx vertx) {
    return emptiedPool(vertx, PlanProfile.GENERAL);
  }

  /** As {@link #emptiedPool(Vertx)}, its connections of a plan profile. */
  public static Pool emptiedPool(Vertx vertx, PlanProfile profile) {
    return emptiedPool(vertx, profile, 2);
  }

  /** As {@link #emptiedPool(Vertx, PlanProfile)}, of {@code size} connections. */
  public static Pool emptiedPool(Vertx vertx, PlanProfile profile, int size) {
    truncate();
    return Pools.create(vertx, address(), size, "test", profile);
  }

  /** Runs JDBC work on the test database (for checks a test makes behind the API's back). */
  public static <T> T execute(SqlWork<T> work) {
    address();
    try (Connection connection = postgres.getPostgresDatabase().getConnection()) {
      return work.run(connection);
    } catch (SQLException e) {
      throw new IllegalStateException(e);
    }
  }

  /** The count a {@code SELECT count(*) …} on the test database answers. */
  public static long count(String sql) {
    return execute(
        connection -> {
          try (Statement s = connection.createStatement();
              ResultSet rows = s.executeQuery(sql)) {
            rows.next();
            return rows.getLong(1);
          }
        });
  }

  /** Runs one data-changing statement on the test database; answers how many rows it changed. */
  public static int update(String sql) {
    return execute(
        connection -> {
          try (Statement s = connection.createStatement()) {
            return s.executeUpdate(sql);
          }
        });
  }

  /** The first column of the first row a query on the test database answers, as text; or null. */
  public static String text(String sql) {
    return execute(
        connection -> {
          try (Statement s = connection.createStatement();
              ResultSet rows = s.executeQuery(sql)) {
            return rows.next() ? rows.getString(1) : null;
          }
        });
  }

  /** JDBC work. */
  @FunctionalInterface
  public interface SqlWork<T> {
    T run(Connection connection) throws SQLException;
  }
}
