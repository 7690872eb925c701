package io.ordo.deploy.statemachine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.ordo.deploy.NodeTest;
import io.ordo.deploy.TestNode;
import io.vertx.core.json.JsonObject;
import java.math.BigDecimal;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * A Wait's end and a Retry's interval come at their time, not at the decider's next poll: the
 * decider here polls every five minutes, longer than every wait of these tests, so only the timer
 * armed when the execution was saved can wake it.
 */
class TimersOnTimeTest extends NodeTest {
  @Override
  protected Map<String, String> environment() {
    return TestNode.environment("ORDO_ROUND_INTERVAL", "300");
  }

  @Test
  void aWaitOfOneSecond_endsAfterOneSecond_notAPollLater() {
    List<JsonObject> events =
        historyOfARun(
            "Nap",
            """
            { "StartAt": "Nap", "States": {
              "Nap": { "Type": "Wait", "Seconds": 1, "Next": "Done" },
              "Done": { "Type": "Pass", "End": true } } }
            """,
            new JsonObject().put("n", 1),
            "SUCCEEDED");
    BigDecimal waited = time(events, "WaitStateExited").subtract(time(events, "WaitStateEntered"));
    assertTrue(waited.compareTo(BigDecimal.ONE) >= 0, "waited only " + waited + " s");
  }

  @Test
  void aRetryAfterOneSecond_isScheduledAfterOneSecond_notAPollLater() {
    List<JsonObject> events =
        historyOfARun(
            "Again",
            """
            { "StartAt": "Work", "States": {
              "Work": { "Type": "Task", "Resource": "ordo:task:Fail", "End": true,
                "Retry": [ { "ErrorEquals": ["States.ALL"], "IntervalSeconds": 1,
                             "MaxAttempts": 1 } ] } } }
            """,
            new JsonObject(),
            "FAILED");
    assertEquals(2, Machines.count(events, "TaskScheduled"), "the run and its retry");
    BigDecimal backOff = lastTime(events, "TaskScheduled").subtract(time(events, "TaskFailed"));
    assertTrue(backOff.compareTo(BigDecimal.ONE) >= 0, "retried after " + backOff + " s");
  }

  /** Saves a machine, runs it on {@code input} until it ends in {@code status}: its history. */
  private List<JsonObject> historyOfARun(
      String name, String definition, JsonObject input, String status) {
    Machines machines = new Machines(api);
    machines.put(name, definition);
    String id = machines.start(name, input);
    machines.await(id, status);
    return machines.history(id);
  }

  /** The time of the first event of a type, in seconds. */
  private static BigDecimal time(List<JsonObject> events, String type) {
    return times(events, type).get(0);
  }

  /** The time of the last event of a type, in seconds. */
  private static BigDecimal lastTime(List<JsonObject> events, String type) {
    List<BigDecimal> times = times(events, type);
    return times.get(times.size() - 1);
  }

  private static List<BigDecimal> times(List<JsonObject> events, String type) {
    List<BigDecimal> times =
        events.stream()
            .filter(e -> type.equals(e.getString("eventType")))
            .map(e -> new BigDecimal(e.getValue("eventTimestamp").toString()))
            .toList();
    if (times.isEmpty()) {
      throw new AssertionError("no " + type + " in " + events);
    }
    return times;
  }
}
