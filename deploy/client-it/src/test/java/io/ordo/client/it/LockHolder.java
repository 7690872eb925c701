package io.ordo.client.it;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.util.UUID;

/**
 * Run in a child JVM whose class path is ordo.jar (which holds the PostgreSQL driver) plus these
 * test classes: makes an execution's instance lock held by an intruding owner, as another queue
 * service would, so that stopping it meets {@code instance_locked}. The test's own JVM never loads
 * a driver.
 */
public final class LockHolder {
  private LockHolder() {}

  /** Arguments: JDBC URL, execution id, seconds the intruder's lease lasts. */
  public static void main(String[] args) throws Exception {
    try (Connection connection = DriverManager.getConnection(args[0], "postgres", "postgres")) {
      UUID owner = UUID.randomUUID();
      try (PreparedStatement insert =
          connection.prepareStatement(
              "INSERT INTO ordo_lock_owner (owner_id, node_name, kind, lease_expires_at)"
                  + " VALUES (?, 'intruder', 'queue', now() + make_interval(secs => ?))")) {
        insert.setObject(1, owner); // the intruder
        insert.setInt(2, Integer.parseInt(args[2])); // its lease, in seconds
        insert.executeUpdate();
      }
      try (PreparedStatement lock =
          connection.prepareStatement(
              "UPDATE ordo_execution SET lock_owner_id = ?, lock_version = lock_version + 1"
                  + " WHERE execution_id = ?::uuid")) {
        lock.setObject(1, owner); // the intruder
        lock.setString(2, args[1]); // the execution
        if (lock.executeUpdate() != 1) {
          System.exit(2);
        }
      }
    }
  }
}
