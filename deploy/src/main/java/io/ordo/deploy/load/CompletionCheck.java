package io.ordo.deploy.load;

import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.ToLongFunction;

/**
 * Checks that every registered message ran to its end ({@code TaskCompleted}) and derives the run's
 * figures from the server's timestamps only, so the client's own clock does not enter them:
 *
 * <ul>
 *   <li>end to end: first {@code TaskScheduled} → last completion;
 *   <li>processing: first {@code TaskAccepted} → last completion (with {@code --preload}, pure
 *       processing, registration excluded);
 *   <li>wait: each message's {@code TaskScheduled} → {@code TaskStarted};
 *   <li>the steps of a run: {@code TaskAccepted} → {@code TaskStarted} → {@code TaskCompleted}.
 * </ul>
 */
final class CompletionCheck {
  private static final int SAMPLE_IDS = 5;

  private final List<TaskTimeline> timelines;
  private int completed;
  private int retried;
  private final Map<String, Integer> notCompleted = new TreeMap<>();
  private final JsonArray notCompletedSamples = new JsonArray();
  private long firstScheduled = Long.MAX_VALUE;
  private long firstAccepted = Long.MAX_VALUE;
  private long lastEnded = Long.MIN_VALUE;

  CompletionCheck(List<TaskTimeline> timelines) {
    this.timelines = timelines;
    for (TaskTimeline t : timelines) {
      if (t.completed()) {
        completed++;
        lastEnded = Math.max(lastEnded, t.ended());
      } else {
        notCompleted.merge(t.lastEventType(), 1, Integer::sum);
        if (notCompletedSamples.size() < SAMPLE_IDS) {
          notCompletedSamples.add(t.messageId() + " " + t.lastEventType());
        }
      }
      if (t.attempts() > 1) {
        retried++;
      }
      if (t.scheduled() != TaskTimeline.NONE) {
        firstScheduled = Math.min(firstScheduled, t.scheduled());
      }
      if (t.accepted() != TaskTimeline.NONE) {
        firstAccepted = Math.min(firstAccepted, t.accepted());
      }
    }
  }

  boolean allCompleted() {
    return completed == timelines.size();
  }

  double endToEndSeconds() {
    return completed == 0 ? Double.NaN : (lastEnded - firstScheduled) / 1000.0;
  }

  double processingSeconds() {
    return completed == 0 ? Double.NaN : (lastEnded - firstAccepted) / 1000.0;
  }

  /** Received → started of every message that started. */
  Percentiles waits() {
    return between(TaskTimeline::scheduled, TaskTimeline::started);
  }

  /**
   * Accepted → started: a runner sends {@code STARTED} only once its {@code ACCEPTED} report has
   * been applied, so this is one report round trip (event bus, transaction, commit).
   */
  Percentiles acceptToStart() {
    return between(TaskTimeline::accepted, TaskTimeline::started);
  }

  /** Started → completed: the {@code STARTED} report's round trip plus {@code run}. */
  Percentiles startToEnd() {
    return between(TaskTimeline::started, TaskTimeline::ended);
  }

  private Percentiles between(ToLongFunction<TaskTimeline> from, ToLongFunction<TaskTimeline> to) {
    return Percentiles.of(
        timelines.stream()
            .filter(TaskTimeline::completed)
            .filter(t -> from.applyAsLong(t) != TaskTimeline.NONE)
            .filter(t -> to.applyAsLong(t) != TaskTimeline.NONE)
            .mapToDouble(t -> to.applyAsLong(t) - from.applyAsLong(t))
            .toArray());
  }

  private JsonObject counts() {
    JsonObject json = new JsonObject();
    notCompleted.forEach(json::put);
    return json;
  }

  /** Adds the check's figures to a report. */
  void describeInto(Report report) {
    report.line(
        "completed",
        completed + " of " + timelines.size() + (allCompleted() ? " (all)" : " — NOT ALL"));
    if (!notCompleted.isEmpty()) {
      report.line("not completed, by last event", notCompleted.toString());
      report.line("for example", notCompletedSamples.encode());
    }
    if (retried > 0) {
      report.line("started more than once", String.valueOf(retried));
    }
    report.rate("end to end", completed, endToEndSeconds(), "tasks");
    report.rate(
        "processing (first accept → last completion)", completed, processingSeconds(), "tasks");
    report.line("wait (received → started)", waits().describe());
    report.line("accepted → started", acceptToStart().describe());
    report.line("started → completed", startToEnd().describe());
    report
        .figures()
        .put("completed", completed)
        .put("allCompleted", allCompleted())
        .put("notCompleted", counts())
        .put("startedMoreThanOnce", retried)
        .put("endToEndSeconds", Report.round(endToEndSeconds()))
        .put("endToEndTasksPerSecond", Report.round(completed / endToEndSeconds()))
        .put("processingSeconds", Report.round(processingSeconds()))
        .put("processingTasksPerSecond", Report.round(completed / processingSeconds()))
        .put("waitMillis", waits().toJson())
        .put("acceptToStartMillis", acceptToStart().toJson())
        .put("startToEndMillis", startToEnd().toJson());
  }
}
