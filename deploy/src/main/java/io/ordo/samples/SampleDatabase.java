package io.ordo.samples;

import io.vertx.core.json.Json;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.util.UUID;

/**
 * Where the Record sample writes: the node sets the database when it deploys a runner. A shortcut
 * for a sample (tasks have no injection); real tasks get their own resources.
 */
public final class SampleDatabase {
  private static volatile String jdbcUrl;
  private static volatile String user;
  private static volatile String password;

  private SampleDatabase() {}

  public static void configure(String url, String databaseUser, String databasePassword) {
    jdbcUrl = url;
    user = databaseUser;
    password = databasePassword;
  }

  static void record(String tenant, String messageId, String key, Object value) {
    if (jdbcUrl == null) {
      throw new IllegalStateException("the Record sample has no database configured");
    }
    try (Connection connection = DriverManager.getConnection(jdbcUrl, user, password);
        PreparedStatement insert =
            connection.prepareStatement(
                "INSERT INTO ordo_sample_record (tenant, message_id, record_key, value)"
                    + " VALUES (?, ?, ?, ?::jsonb)")) {
      insert.setString(1, tenant);
      insert.setObject(2, UUID.fromString(messageId));
      insert.setString(3, key);
      insert.setString(4, Json.encode(value));
      insert.executeUpdate();
    } catch (SQLException e) {
      throw new IllegalStateException("Record could not write: " + e.getMessage(), e);
    }
  }
}
