package io.ordo.deploy.load;

import io.vertx.core.Future;
import io.vertx.core.json.JsonObject;
import java.util.HashMap;
import java.util.Map;

/**
 * A snapshot of a node's {@code /metrics} (Prometheus text), summed over label sets, and the
 * difference of two snapshots per task: how the node spent a run. It tells where time goes without
 * a profiler: claim batch sizes (how many messages one claim takes), SQL statements and their time,
 * waits for a pooled database connection, the node's CPU time and GC pauses.
 */
final class NodeMetrics {
  private final Map<String, Double> sums;

  private NodeMetrics(Map<String, Double> sums) {
    this.sums = sums;
  }

  /** Reads the node's metrics; a node without {@code /metrics} gives an empty snapshot. */
  static Future<NodeMetrics> read(OrdoHttp http) {
    return http.metrics().map(NodeMetrics::parse).otherwise(failure -> new NodeMetrics(Map.of()));
  }

  /** Sums each metric over its label sets; SQL pools are also kept per pool name. */
  static NodeMetrics parse(String text) {
    Map<String, Double> sums = new HashMap<>();
    for (String line : text.split("\n")) {
      if (line.isEmpty() || line.startsWith("#")) {
        continue;
      }
      int space = line.lastIndexOf(' ');
      int brace = line.indexOf('{');
      String name = line.substring(0, brace >= 0 && brace < space ? brace : space);
      double value;
      try {
        value = Double.parseDouble(line.substring(space + 1));
      } catch (NumberFormatException e) {
        continue;
      }
      sums.merge(name, value, Double::sum);
      if (line.contains("pool_type=\"sql\"")) {
        sums.merge(name + ":sql", value, Double::sum);
      }
    }
    return new NodeMetrics(sums);
  }

  private double delta(NodeMetrics before, String name) {
    return sums.getOrDefault(name, 0.0) - before.sums.getOrDefault(name, 0.0);
  }

  /** What the node did between {@code before} and this snapshot, per task where it helps. */
  JsonObject since(NodeMetrics before, long tasks) {
    double claims = delta(before, "ordo_claim_batch_size_count");
    double claimed = delta(before, "ordo_claim_batch_size_sum");
    double statements = delta(before, "vertx_sql_processing_time_seconds_count");
    double sqlSeconds = delta(before, "vertx_sql_processing_time_seconds_sum");
    double acquisitions = delta(before, "vertx_pool_queue_time_seconds_count:sql");
    double poolWait = delta(before, "vertx_pool_queue_time_seconds_sum:sql");
    double cpuSeconds = delta(before, "process_cpu_time_ns_total") / 1e9;
    double gcSeconds = delta(before, "jvm_gc_pause_seconds_sum");
    double perTask = Math.max(1, tasks);
    return new JsonObject()
        .put("claims", (long) claims)
        .put("meanClaimBatch", Report.round(claimed / claims))
        .put("sqlStatementsPerTask", Report.round(statements / perTask))
        .put("meanSqlMillis", Report.round(1000 * sqlSeconds / statements))
        .put("dbConnectionAcquisitionsPerTask", Report.round(acquisitions / perTask))
        .put("meanDbConnectionWaitMillis", Report.round(1000 * poolWait / acquisitions))
        .put("nodeCpuMillisPerTask", Report.round(1000 * cpuSeconds / perTask))
        .put("gcPauseSeconds", Report.round(gcSeconds));
  }
}
