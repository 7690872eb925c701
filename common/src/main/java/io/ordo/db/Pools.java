package io.ordo.db;

import io.vertx.core.Vertx;
import io.vertx.pgclient.PgBuilder;
import io.vertx.sqlclient.Pool;
import io.vertx.sqlclient.PoolOptions;

/** Creates the reactive PostgreSQL pools the services share. */
public final class Pools {
  private Pools() {}

  /** A pool whose statements are planned for each execution's parameters. */
  public static Pool create(Vertx vertx, DatabaseAddress address, int size, String name) {
    return create(vertx, address, size, name, PlanProfile.GENERAL);
  }

  /**
   * A pool of {@code size} connections planned by {@code profile}; each connection names its pool
   * as its {@code application_name}, so that {@code pg_stat_activity} (and an operator, or {@code
   * deploy/bench/cpu-split.sh}) can tell which of Ordo's pools a backend serves.
   */
  public static Pool create(
      Vertx vertx, DatabaseAddress address, int size, String name, PlanProfile profile) {
    return PgBuilder.pool()
        .with(new PoolOptions().setMaxSize(size).setName(name).setShared(false))
        .connectingTo(address.connectOptions(profile).addProperty("application_name", name))
        .using(vertx)
        .build();
  }
}
