package io.ordo.deploy.lock;

import io.ordo.testing.TestDatabase;

/** The lock owners (leases) a node holds in the database. */
final class LeaseOwners {
  private LeaseOwners() {}

  /** How many lock owners of this node name the database holds. */
  static int of(String node) {
    return (int)
        TestDatabase.count("SELECT count(*) FROM ordo_lock_owner WHERE node_name = '" + node + "'");
  }
}
