package io.ordo.deploy.load;

import io.vertx.core.Future;
import io.vertx.core.Promise;
import io.vertx.core.Vertx;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.util.ArrayList;
import java.util.List;

/**
 * Latency on an idle node: registers one {@code Echo} task at a time, leaves the node alone for
 * {@code --pause-ms}, reads the task's history (again every 10 ms until it has ended), and takes
 * the next. For each sample:
 *
 * <ul>
 *   <li>received → started: the history's {@code TaskScheduled} to {@code TaskStarted} (node's
 *       clock only): what Ordo adds between storing a message and running it;
 *   <li>sent → started: the client's clock when it sent the registration to {@code TaskStarted}
 *       (assumes the client's and the node's clocks agree, e.g. the same host);
 *   <li>registration round trip: request sent → 201 received (client's clock only).
 * </ul>
 *
 * The first {@code --warmup} samples are taken the same way and left out of the figures.
 */
final class LatencyRun {
  private static final long HISTORY_POLL_MILLIS = 10;
  private static final int HISTORY_POLLS = 1_000;

  private final Vertx vertx;
  private final OrdoHttp http;
  private final LoadOptions options;
  private final List<Double> receivedToStarted = new ArrayList<>();
  private final List<Double> sentToStarted = new ArrayList<>();
  private final List<Double> roundTrip = new ArrayList<>();
  private int failures;

  LatencyRun(Vertx vertx, OrdoHttp http, LoadOptions options) {
    this.vertx = vertx;
    this.http = http;
    this.options = options;
  }

  Future<Report> run() {
    return http.setParallelActive(true).compose(v -> sample(-options.warmup())).map(v -> report());
  }

  /** Takes sample {@code index} (negative: warm-up) and then the following ones. */
  private Future<Void> sample(int index) {
    if (index >= options.count()) {
      return Future.succeededFuture();
    }
    JsonObject echo =
        new JsonObject()
            .put("taskClassName", "Echo")
            .put("parameter", new JsonObject().put("i", index));
    return http.registerParallel(echo)
        .compose(
            registration ->
                timer(options.pauseMillis())
                    .compose(v -> ended(registration.messageId(), HISTORY_POLLS))
                    .map(
                        timeline -> {
                          record(index, registration, timeline);
                          return null;
                        }))
        .otherwise(
            failure -> {
              failures++;
              System.err.println("sample " + index + " failed: " + failure.getMessage());
              return null;
            })
        .compose(v -> sample(index + 1));
  }

  private void record(int index, OrdoHttp.Registration registration, TaskTimeline timeline) {
    if (index < 0) {
      return;
    }
    receivedToStarted.add((double) (timeline.started() - timeline.scheduled()));
    sentToStarted.add((double) (timeline.started() - registration.sentEpochMillis()));
    roundTrip.add(registration.roundTripNanos() / 1e6);
    if ((index + 1) % 50 == 0) {
      System.err.printf("  … %d/%d samples%n", index + 1, options.count());
    }
  }

  /** The message's timeline once its history ends (polled; the task is a no-op). */
  private Future<TaskTimeline> ended(String messageId, int pollsLeft) {
    return http.history(messageId)
        .compose(
            (JsonArray events) -> {
              TaskTimeline timeline = TaskTimeline.of(messageId, events);
              if (timeline.finished() && timeline.started() != TaskTimeline.NONE) {
                return Future.succeededFuture(timeline);
              }
              if (pollsLeft == 0) {
                return Future.failedFuture(
                    new IllegalStateException(messageId + " did not end: " + events.encode()));
              }
              return timer(HISTORY_POLL_MILLIS).compose(v -> ended(messageId, pollsLeft - 1));
            });
  }

  private Future<Void> timer(long millis) {
    if (millis <= 0) {
      return Future.succeededFuture();
    }
    Promise<Void> elapsed = Promise.promise();
    vertx.setTimer(millis, t -> elapsed.complete());
    return elapsed.future();
  }

  private Report report() {
    Report report =
        new Report(
            "latency: "
                + options.count()
                + " samples, one at a time, "
                + options.pauseMillis()
                + " ms apart");
    Percentiles stored = Percentiles.of(receivedToStarted);
    Percentiles client = Percentiles.of(sentToStarted);
    Percentiles registration = Percentiles.of(roundTrip);
    report.line("received → started", stored.describe());
    report.line("sent → started (client)", client.describe());
    report.line("registration round trip", registration.describe());
    if (failures > 0) {
      report.line("failed samples (left out)", String.valueOf(failures));
    }
    report
        .figures()
        .put("mode", "latency")
        .put("samples", options.count())
        .put("warmup", options.warmup())
        .put("pauseMillis", options.pauseMillis())
        .put("failedSamples", failures)
        .put("receivedToStartedMillis", stored.toJson())
        .put("sentToStartedMillis", client.toJson())
        .put("registrationRoundTripMillis", registration.toJson());
    return report;
  }
}
