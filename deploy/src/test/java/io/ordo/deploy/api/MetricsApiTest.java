package io.ordo.deploy.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.ordo.deploy.Api;
import io.ordo.deploy.NodeTest;
import io.ordo.deploy.Tasks;
import io.ordo.deploy.tasks.RecordingTask;
import io.vertx.core.json.JsonObject;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * SPEC 12 through {@code GET /metrics}: the lifecycle counters by tenant and queue kind, the wait
 * and run time histograms, claim batch sizes, runner threads, and the waiting and running gauges
 * per queue, each moved by a real transition.
 */
class MetricsApiTest extends NodeTest {

  @Override
  protected void reset() {
    RecordingTask.reset();
  }

  @Test
  void everyLifecycleTransition_isCounted_byTenantAndQueueKind() {
    tasks.await(tasks.parallel("Echo", new JsonObject()), "DISPOSED");
    tasks.await(tasks.parallel("Fail", new JsonObject().put("message", "boom")), "DISPOSED");
    tasks.await(
        tasks.parallel("Recording", new JsonObject().put("key", "m").put("rejectOnce", true)),
        "DISPOSED");
    String released = tasks.parallel("Sleep", new JsonObject().put("millis", 60_000));
    tasks.await(released, "RUNNING");
    assertEquals(
        200,
        api.post(
                "/tasks/" + released + "/release",
                new JsonObject().put("reentry", false).put("stop", false))
            .status());
    String stopped =
        tasks.parallel("Sleep", new JsonObject().put("millis", 60_000).put("ignoreRelease", true));
    tasks.await(stopped, "RUNNING");
    assertEquals(
        200,
        api.post(
                "/tasks/" + stopped + "/stop",
                new JsonObject().put("reentry", false).put("stop", false))
            .status());
    String timedOut =
        register(
            new JsonObject()
                .put("taskClassName", "Sleep")
                .put("parameter", new JsonObject().put("millis", 60_000))
                .put("timeouts", new JsonObject().put("startToClose", 1)));
    tasks.await(timedOut, "DISPOSED");

    String text = scrape();
    assertEquals(6.0, parallel(text, "ordo_messages_registered_total"), text);
    assertEquals(2.0, parallel(text, "ordo_messages_completed_total"), text);
    assertEquals(1.0, parallel(text, "ordo_messages_failed_total"), text);
    assertEquals(1.0, parallel(text, "ordo_messages_rejected_total"), text);
    assertEquals(1.0, parallel(text, "ordo_messages_released_total"), text);
    assertEquals(1.0, parallel(text, "ordo_messages_stopped_total"), text);
    assertEquals(1.0, parallel(text, "ordo_messages_timed_out_total"), text);
    assertTrue(parallel(text, "ordo_messages_started_total") >= 6.0, text);
    assertTrue(value(text, "ordo_task_wait_seconds_count", "queue_kind=\"parallel\"") >= 6, text);
    assertTrue(value(text, "ordo_task_run_seconds_count", "queue_kind=\"parallel\"") >= 2, text);
    assertTrue(value(text, "ordo_claim_batch_size_count", "") >= 1, text);
    assertTrue(value(text, "ordo_runner_claim_seconds_count", "") >= 1, text);
    assertEquals(8.0, value(text, "ordo_runner_max_threads", ""), text);
  }

  @Test
  void workAnnouncements_byReason_andClaims_byOutcome_areCounted() {
    String delayed = register(new JsonObject().put("taskClassName", "Echo").put("delaySeconds", 1));
    tasks.await(delayed, "DISPOSED");

    String text = scrape();
    // its registration and its time coming each told the runners to claim; its end did not: a
    // parallel message's end frees nothing another runner could take
    assertTrue(value(text, "ordo_work_announcements_total", "reason=\"registered\"") >= 1, text);
    assertTrue(value(text, "ordo_work_announcements_total", "reason=\"due\"") >= 1, text);
    assertEquals(
        Optional.empty(), find(text, "ordo_work_announcements_total", "reason=\"task ended\""));
    // the claim at its registration took nothing (not due yet), the one when it was due took it
    assertTrue(value(text, "ordo_runner_claims_total", "outcome=\"empty\"") >= 1, text);
    assertEquals(1.0, value(text, "ordo_runner_claims_total", "outcome=\"took\""), text);
    assertEquals(0.0, value(text, "ordo_runner_claims_total", "outcome=\"failed\""), text);

    // a serial message's end frees its queue for the next head: that is announced
    tasks.addSerialQueue("com.example.announced", true);
    tasks.await(tasks.serial("com.example.announced", "Echo", new JsonObject(), false), "DISPOSED");
    String after = scrape();
    assertTrue(value(after, "ordo_work_announcements_total", "reason=\"task ended\"") >= 1, after);
  }

  @Test
  void clockGauges_sayTheOffsetToTheDatabaseAndItsError() {
    String text = scrape();
    double offset = value(text, "ordo_clock_offset_seconds", "node=");
    double error = value(text, "ordo_clock_error_seconds", "node=");
    assertTrue(error > 0 && error < 0.5, text);
    // the node and its database share a host's clock: the true offset is zero, and the measured
    // one is within the error (a microsecond for PostgreSQL's precision)
    assertTrue(Math.abs(offset) <= error + 1e-6, text);
  }

  @Test
  void waitingAndRunningGauges_perQueue_followTheQueues() {
    tasks.addSerialQueue("com.example.gauge", false);
    for (int i = 0; i < 3; i++) {
      tasks.serial("com.example.gauge", "Echo", new JsonObject(), false);
    }
    awaitGauge("ordo_queue_waiting_messages", "com.example.gauge", 3.0);
    awaitGauge("ordo_queue_running_messages", "com.example.gauge", 0.0);

    api.put("/serial-queues/com.example.gauge/active", new JsonObject().put("active", true));
    awaitGauge("ordo_queue_waiting_messages", "com.example.gauge", 0.0);

    String running =
        tasks.serial("com.example.gauge", "Sleep", new JsonObject().put("millis", 60_000), false);
    tasks.await(running, "RUNNING");
    awaitGauge("ordo_queue_running_messages", "com.example.gauge", 1.0);
  }

  private String register(JsonObject body) {
    Api.Reply reply = api.post("/parallel-queue/tasks", body);
    assertEquals(201, reply.status(), reply.body().toString());
    return reply.json().getString("messageId");
  }

  private String scrape() {
    return api.as(null).get("/metrics").body().toString();
  }

  private void awaitGauge(String name, String queueId, double expected) {
    api.as(null)
        .await(
            "/metrics",
            r ->
                find(r.body().toString(), name, "queue_id=\"" + queueId + "\"")
                    .map(v -> v == expected)
                    .orElse(false),
            Tasks.WAIT);
  }

  private static double parallel(String text, String name) {
    return value(text, name, "queue_kind=\"parallel\"");
  }

  private static double value(String text, String name, String label) {
    return find(text, name, label)
        .orElseThrow(() -> new AssertionError("no " + name + " with " + label + " in:\n" + text));
  }

  /** The value of the first sample of {@code name} whose labels contain {@code label}. */
  private static Optional<Double> find(String text, String name, String label) {
    return text.lines()
        .filter(line -> line.startsWith(name + "{") || line.startsWith(name + " "))
        .filter(line -> line.contains(label))
        .filter(line -> !line.contains("tenant=") || line.contains("tenant=\"default\""))
        .map(line -> Double.parseDouble(line.substring(line.lastIndexOf(' ') + 1)))
        .findFirst();
  }
}
