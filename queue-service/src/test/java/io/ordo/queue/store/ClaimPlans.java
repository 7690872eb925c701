package io.ordo.queue.store;

import io.vertx.core.Future;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import io.vertx.sqlclient.Pool;
import io.vertx.sqlclient.Tuple;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;

/**
 * The claim statement's plan as it ran (EXPLAIN ANALYZE, its writes rolled back), on a pool of the
 * claim's profile ({@code PlanProfile.CLAIM}), as the queue service runs it.
 */
final class ClaimPlans {
  private ClaimPlans() {}

  /** Runs the claim for one task type under EXPLAIN ANALYZE and answers the plan. */
  static Future<JsonObject> explain(
      Pool pool, UUID owner, int capacity, int serialCapacity, String type, Instant now) {
    return explain(pool, owner, capacity, serialCapacity, type, now, new String[0], new String[0]);
  }

  /**
   * As {@link #explain(Pool, UUID, int, int, String, Instant)}, naming serial queues whose outcome
   * is on its way ({@code settling}: their tenants and ids, pairwise).
   */
  static Future<JsonObject> explain(
      Pool pool,
      UUID owner,
      int capacity,
      int serialCapacity,
      String type,
      Instant now,
      String[] settlingTenants,
      String[] settlingQueues) {
    List<JsonObject> plans = new ArrayList<>();
    return pool.<Void>withTransaction(
            tx ->
                tx.preparedQuery("EXPLAIN (ANALYZE, BUFFERS, FORMAT JSON) " + TaskStore.CLAIM)
                    .execute(
                        Tuple.of(
                            owner,
                            capacity,
                            new String[] {type},
                            serialCapacity,
                            now.atOffset(ZoneOffset.UTC),
                            settlingTenants,
                            settlingQueues))
                    .compose(
                        rows -> {
                          Object value = rows.iterator().next().getValue(0);
                          JsonArray array =
                              value instanceof JsonArray a ? a : new JsonArray(value.toString());
                          plans.add(array.getJsonObject(0).getJsonObject("Plan"));
                          return Future.<Void>failedFuture("roll back");
                        }))
        .map(v -> (JsonObject) null)
        .recover(
            e ->
                plans.isEmpty()
                    ? Future.<JsonObject>failedFuture(e)
                    : Future.succeededFuture(plans.get(0)));
  }

  /** The plan node that scans {@code index}, or null. */
  static JsonObject scanOf(JsonObject node, String index) {
    if (index.equals(node.getString("Index Name"))) {
      return node;
    }
    JsonArray children = node.getJsonArray("Plans", new JsonArray());
    for (int i = 0; i < children.size(); i++) {
      JsonObject found = scanOf(children.getJsonObject(i), index);
      if (found != null) {
        return found;
      }
    }
    return null;
  }

  /** The plan nodes of {@code type} that read {@code relation}. */
  static List<JsonObject> nodes(JsonObject node, String type, String relation) {
    List<JsonObject> found = new ArrayList<>();
    if (type.equals(node.getString("Node Type"))
        && relation.equals(node.getString("Relation Name"))) {
      found.add(node);
    }
    JsonArray children = node.getJsonArray("Plans", new JsonArray());
    for (int i = 0; i < children.size(); i++) {
      found.addAll(nodes(children.getJsonObject(i), type, relation));
    }
    return found;
  }

  /** The pages a scan node read. */
  static int pages(JsonObject scan) {
    return scan.getInteger("Shared Hit Blocks", 0) + scan.getInteger("Shared Read Blocks", 0);
  }
}
