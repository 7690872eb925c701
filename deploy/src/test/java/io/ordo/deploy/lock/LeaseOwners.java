package io.ordo.deploy.lock;

import io.ordo.testing.TestDatabase;
import java.sql.ResultSet;
import java.sql.Statement;

/** The lock owners (leases) a node holds in the database. */
final class LeaseOwners {
  private LeaseOwners() {}

  /** How many lock owners of this node name the database holds. */
  static int of(String node) {
    return TestDatabase.execute(
        connection -> {
          try (Statement s = connection.createStatement();
              ResultSet rows =
                  s.executeQuery(
                      "SELECT count(*) FROM ordo_lock_owner WHERE node_name = '" + node + "'")) {
            rows.next();
            return rows.getInt(1);
          }
        });
  }
}
