package io.ordo.deploy.timeouts;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.ordo.deploy.Api;
import io.ordo.deploy.NodeTest;
import io.vertx.core.json.JsonObject;
import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * One real-time test per timeout kind, through the HTTP API on the real clock: each fires within a
 * round-interval (1 s here) of its deadline.
 */
class RealTimeTimeoutTest extends NodeTest {

  @ParameterizedTest(name = "{0}")
  @CsvSource({
    "scheduleToStart, SCHEDULE_TO_START, false",
    "startToClose, START_TO_CLOSE, true",
    "heartbeat, HEARTBEAT, true",
    "scheduleToClose, SCHEDULE_TO_CLOSE, true"
  })
  void aTimeoutFires_withinARoundIntervalOfItsDeadline(String key, String type, boolean run) {
    // START_TO_CLOSE and HEARTBEAT count from the start; the SCHEDULE_TO_* kinds from receipt
    boolean fromStart = key.equals("startToClose") || key.equals("heartbeat");
    api.put("/parallel-queue/active", new JsonObject().put("active", run));
    Api.Reply registered =
        api.post(
            "/parallel-queue/tasks",
            new JsonObject()
                .put("taskClassName", "Sleep")
                .put("parameter", new JsonObject().put("millis", 30_000))
                .put("timeouts", new JsonObject().put(key, 2)));
    assertEquals(201, registered.status(), registered.body().toString());
    String id = registered.json().getString("messageId");
    Instant from = Instant.parse(registered.json().getString("receivedTime"));
    if (run) {
      Instant started = Instant.parse(tasks.await(id, "RUNNING").getString("startTime"));
      if (fromStart) {
        from = started;
      }
    }

    JsonObject info =
        api.await(
                "/tasks/" + id,
                r -> "DISPOSED".equals(r.json().getString("state")),
                Duration.ofSeconds(15))
            .json();
    assertEquals(type, info.getJsonObject("outcome").getString("timeoutType"));
    JsonObject timedOut =
        tasks.history(id).stream()
            .filter(e -> "TaskTimedOut".equals(e.getString("eventType")))
            .findFirst()
            .orElseThrow();
    double firedAt = timedOut.getDouble("eventTimestamp");
    double deadline = from.toEpochMilli() / 1000.0 + 2;
    // The sweep runs every round-interval (1 s) on every queue service: it fires within one of the
    // deadline, plus half a second for the sweep's own work on a busy machine.
    assertTrue(
        firedAt >= deadline - 0.001, "fired at " + firedAt + ", before the deadline " + deadline);
    assertTrue(firedAt <= deadline + 1.5, "fired at " + firedAt + ", deadline " + deadline);
  }
}
