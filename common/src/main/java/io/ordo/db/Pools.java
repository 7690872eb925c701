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

  public static Pool create(
      Vertx vertx, DatabaseAddress address, int size, String name, PlanProfile profile) {
    return PgBuilder.pool()
        .with(new PoolOptions().setMaxSize(size).setName(name).setShared(false))
        .connectingTo(address.connectOptions(profile))
        .using(vertx)
        .build();
  }
}
