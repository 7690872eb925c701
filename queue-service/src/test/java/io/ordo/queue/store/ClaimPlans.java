package io.ordo.queue.store;

import io.ordo.lock.LockOwnerStore;
import io.vertx.core.AsyncResult;
import io.vertx.core.Future;
import io.vertx.core.Handler;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import io.vertx.junit5.VertxTestContext;
import io.vertx.sqlclient.Pool;
import io.vertx.sqlclient.SqlClient;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.function.Predicate;

/**
 * The claim statement's plan as it ran (EXPLAIN ANALYZE, its writes rolled back), on a pool of the
 * claim's profile ({@code PlanProfile.CLAIM}), as the queue service runs it: a prepared statement,
 * planned once for any parameters (a generic plan).
 */
final class ClaimPlans {
  private static final AtomicInteger NAMES = new AtomicInteger();

  private ClaimPlans() {}

  /** One claim's parameters. */
  record Claim(
      UUID owner,
      int capacity,
      int serialCapacity,
      String type,
      Instant now,
      String[] settlingTenants,
      String[] settlingQueues) {
    Claim(UUID owner, int capacity, int serialCapacity, String type, Instant now) {
      this(owner, capacity, serialCapacity, type, now, new String[0], new String[0]);
    }

    /** The EXECUTE of the prepared claim {@code name} with these parameters. */
    String execute(String name) {
      return "EXECUTE "
          + name
          + "("
          + String.join(
              ", ",
              literal(owner.toString()) + "::uuid",
              Integer.toString(capacity),
              array(new String[] {type}),
              Integer.toString(serialCapacity),
              literal(now.atOffset(ZoneOffset.UTC).toString()) + "::timestamptz",
              array(settlingTenants),
              array(settlingQueues),
              // no next head known: the settling queues are looked up
              "NULL::timestamptz")
          + ")";
    }
  }

  /** Registers a runner's lock owner with a live lease (5 minutes), to claim as. */
  static Future<Void> registerOwner(Pool pool, UUID owner) {
    return new LockOwnerStore()
        .register(pool, owner, "runner-a", "runner", 8, Duration.ofMinutes(5))
        .mapEmpty();
  }

  /** Runs the claim for one task type under EXPLAIN ANALYZE and answers the plan. */
  static Future<JsonObject> explain(
      Pool pool, UUID owner, int capacity, int serialCapacity, String type, Instant now) {
    return explain(pool, new Claim(owner, capacity, serialCapacity, type, now), null);
  }

  /** Runs a claim under EXPLAIN ANALYZE and answers the plan. */
  static Future<JsonObject> explain(Pool pool, Claim claim) {
    return explain(pool, claim, null);
  }

  /**
   * Plans the claim on the tables as they are (running it once), then runs {@code change} and the
   * claim again by the same plan, in one transaction (so no new statistics make a new plan);
   * answers the second run's plan.
   */
  static Future<JsonObject> explainPlannedBefore(
      Pool pool, Claim claim, Function<SqlClient, Future<?>> change) {
    return explain(pool, claim, change);
  }

  private static Future<JsonObject> explain(
      Pool pool, Claim claim, Function<SqlClient, Future<?>> change) {
    String name = "claim_plan_" + NAMES.incrementAndGet();
    String explain = "EXPLAIN (ANALYZE, BUFFERS, FORMAT JSON) " + claim.execute(name);
    List<JsonObject> plans = new ArrayList<>();
    return pool.<Void>withTransaction(
            tx ->
                tx.query(
                        "PREPARE "
                            + name
                            + "(uuid, int, text[], int, timestamptz, text[], text[], timestamptz) AS "
                            + TaskStore.CLAIM)
                    .execute()
                    .compose(
                        v ->
                            change == null
                                ? Future.succeededFuture()
                                : tx.query(explain).execute().compose(first -> change.apply(tx)))
                    .compose(v -> tx.query(explain).execute())
                    .compose(
                        rows -> {
                          Object value = rows.iterator().next().getValue(0);
                          JsonArray array =
                              value instanceof JsonArray a ? a : new JsonArray(value.toString());
                          plans.add(array.getJsonObject(0).getJsonObject("Plan"));
                          return tx.query("DEALLOCATE " + name).execute();
                        })
                    .compose(v -> Future.<Void>failedFuture("roll back")))
        .map(v -> (JsonObject) null)
        .recover(
            e ->
                plans.isEmpty()
                    ? Future.<JsonObject>failedFuture(e)
                    : Future.succeededFuture(plans.get(0)));
  }

  private static String literal(String text) {
    return "'" + text.replace("'", "''") + "'";
  }

  private static String array(String[] items) {
    return "ARRAY["
        + String.join(", ", Arrays.stream(items).map(ClaimPlans::literal).toList())
        + "]::text[]";
  }

  /** Completes {@code ctx} once {@code check} passed on the explained plan, or fails it. */
  static Handler<AsyncResult<JsonObject>> checked(
      VertxTestContext ctx, Consumer<JsonObject> check) {
    return ctx.succeeding(
        plan ->
            ctx.verify(
                () -> {
                  check.accept(plan);
                  ctx.completeNow();
                }));
  }

  /** How many rows the plan read: every node's rows (over its loops) and those its filters left. */
  static long rowsRead(JsonObject node) {
    long rows =
        node.getLong("Actual Rows", 0L) * node.getLong("Actual Loops", 1L)
            + node.getLong("Rows Removed by Filter", 0L)
            + node.getLong("Rows Removed by Join Filter", 0L)
            + node.getLong("Rows Removed by Index Recheck", 0L);
    JsonArray children = node.getJsonArray("Plans", new JsonArray());
    for (int i = 0; i < children.size(); i++) {
      rows += rowsRead(children.getJsonObject(i));
    }
    return rows;
  }

  /** The plan of the claim's CTE {@code name}, or null. */
  static JsonObject cte(JsonObject plan, String name) {
    return matching(plan, n -> ("CTE " + name).equals(n.getString("Subplan Name"))).stream()
        .findFirst()
        .orElse(null);
  }

  /**
   * How many heads the claim's walks of the runnable serial heads (its CTE {@code serial_heads})
   * looked up: the runs of their probes of the waiting index, all walks together.
   */
  static long serialHeadsLookedUp(JsonObject plan) {
    return scansOf(cte(plan, "serial_heads"), "im_async_task_waiting_idx").stream()
        .mapToLong(scan -> scan.getLong("Actual Loops"))
        .sum();
  }

  /** The plan node that scans {@code index}, or null (the first, if several do). */
  static JsonObject scanOf(JsonObject node, String index) {
    return scansOf(node, index).stream().findFirst().orElse(null);
  }

  /** Every plan node that scans {@code index}. */
  static List<JsonObject> scansOf(JsonObject node, String index) {
    return matching(node, n -> index.equals(n.getString("Index Name")));
  }

  /** The plan nodes of {@code type} that read {@code relation}. */
  static List<JsonObject> nodes(JsonObject node, String type, String relation) {
    return matching(
        node,
        n ->
            type.equals(n.getString("Node Type")) && relation.equals(n.getString("Relation Name")));
  }

  /** The nodes of the plan {@code node} (itself included) that pass {@code test}, in plan order. */
  private static List<JsonObject> matching(JsonObject node, Predicate<JsonObject> test) {
    List<JsonObject> found = new ArrayList<>();
    if (test.test(node)) {
      found.add(node);
    }
    JsonArray children = node.getJsonArray("Plans", new JsonArray());
    for (int i = 0; i < children.size(); i++) {
      found.addAll(matching(children.getJsonObject(i), test));
    }
    return found;
  }

  /** The pages a scan node read. */
  static int pages(JsonObject scan) {
    return scan.getInteger("Shared Hit Blocks", 0) + scan.getInteger("Shared Read Blocks", 0);
  }
}
