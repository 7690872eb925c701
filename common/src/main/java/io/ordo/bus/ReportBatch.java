package io.ordo.bus;

import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.util.ArrayList;
import java.util.List;

/**
 * A runner's reports in one event-bus request ({@link Addresses#QUEUE_REPORT}), applied in one
 * transaction (or one statement, for starts alone; one report at a time, in order, if the database
 * refuses what one of them carries); answered with one {@link Result} per report, in order.
 *
 * @param node the reporting runner's node name
 * @param reports the transitions
 */
public record ReportBatch(String node, List<TaskReport> reports) {

  /** The queue service's answer to one report. */
  public enum Result {
    /** Applied (or found applied already: repeating a report is safe). */
    APPLIED,
    /** The runner no longer holds the message (lock version or lease): nothing was applied. */
    LOST,
    /**
     * The database refused what the report carries, and its plainest form too (or it has none):
     * nothing was applied, and sending it again would be refused again. The runner treats it as
     * LOST, but the message stays held on the queue service's side until one of its timeouts, or
     * the runner's lease, ends.
     */
    REFUSED
  }

  public JsonObject toJson() {
    JsonArray items = new JsonArray();
    reports.forEach(report -> items.add(report.toJson()));
    return new JsonObject().put("node", node).put("reports", items);
  }

  public static ReportBatch fromJson(JsonObject json) {
    List<TaskReport> reports = new ArrayList<>();
    json.getJsonArray("reports")
        .forEach(item -> reports.add(TaskReport.fromJson((JsonObject) item)));
    return new ReportBatch(json.getString("node"), reports);
  }

  /** The answer: one result per report, in order. */
  public record Answer(List<Result> results) {
    public JsonObject toJson() {
      return new JsonObject()
          .put("results", new JsonArray(results.stream().map(r -> (Object) r.name()).toList()));
    }

    public static Answer fromJson(JsonObject json) {
      List<Result> results = new ArrayList<>();
      json.getJsonArray("results").forEach(r -> results.add(Result.valueOf((String) r)));
      return new Answer(results);
    }
  }
}
