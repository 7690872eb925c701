package io.ordo.queue.management;

import io.ordo.lock.LiveRunner;
import io.ordo.lock.LockOwnerStore;
import io.ordo.model.Caller;
import io.ordo.model.Role;
import io.vertx.core.Future;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import io.vertx.sqlclient.Pool;
import java.time.Instant;

/**
 * The farm's live runners (GET /api/v1/runners), as each reported itself with its last lease
 * renewal. Runners are farm-wide (they run every tenant's tasks), so an operator of any tenant sees
 * all of them: their names and load, never another tenant's tasks.
 */
public final class RunnerList {
  private final Pool pool;
  private final LockOwnerStore owners;

  public RunnerList(Pool pool, LockOwnerStore owners) {
    this.pool = pool;
    this.owners = owners;
  }

  /** Every runner whose lease is live, by node name. */
  public Future<JsonArray> list(Caller caller) {
    Access.require(caller, Role.OPERATOR);
    return owners
        .liveRunners(pool)
        .map(
            runners -> {
              JsonArray list = new JsonArray();
              runners.forEach(runner -> list.add(json(runner)));
              return list;
            });
  }

  private static JsonObject json(LiveRunner runner) {
    return new JsonObject()
        .put("node", runner.node())
        .put("ownerId", runner.ownerId())
        .put("maxThreads", runner.maxThreads())
        .put("busy", runner.busy())
        .put("capacity", runner.capacity())
        .put("taskTypes", new JsonArray(runner.taskTypes()))
        .put("version", runner.version())
        .put("startedAt", text(runner.startedAt()))
        .put("lastRenewedAt", text(runner.renewedAt()))
        .put("leaseExpiresAt", text(runner.leaseExpiresAt()));
  }

  private static String text(Instant time) {
    return time == null ? null : time.toString();
  }
}
