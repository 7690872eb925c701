package io.ordo.deploy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.vertx.core.json.JsonObject;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The checker the crash tests rely on finds what it must find. */
class HistoryCheckerTest {

  @Test
  void aCompleteHistory_passes() {
    assertEquals(
        List.of(),
        HistoryChecker.problems(
            events(
                "TaskScheduled",
                "TaskAccepted",
                "TaskStarted",
                "TaskLeaseExpired",
                "TaskAccepted",
                "TaskStarted",
                "TaskCompleted"),
            disposed("COMPLETED")));
    assertEquals(
        List.of(),
        HistoryChecker.problems(
            events(
                "TaskScheduled",
                "TaskAccepted",
                "TaskStarted",
                "TaskReleaseRequested",
                "TaskReleased",
                "TaskReentered",
                "QueueDeactivated"),
            live("WAITING")));
    assertEquals(
        List.of(),
        HistoryChecker.problems(
            events(
                "TaskScheduled", "TaskAccepted", "TaskStarted", "TaskFailed", "QueueDeactivated"),
            disposed("FAILED")));
  }

  @Test
  void gapsReorderingsAndWrongEnds_areFound() {
    List<JsonObject> gap = events("TaskScheduled", "TaskAccepted", "TaskStarted", "TaskCompleted");
    gap.get(2).put("eventId", 4);
    assertTrue(HistoryChecker.problems(gap, disposed("COMPLETED")).get(0).contains("has id 4"));

    List<JsonObject> late = events("TaskScheduled", "TaskAccepted", "TaskStarted", "TaskCompleted");
    late.get(1).put("eventTimestamp", 0.5);
    assertTrue(HistoryChecker.problems(late, disposed("COMPLETED")).get(0).contains("older"));

    assertTrue(
        HistoryChecker.problems(
                events("TaskScheduled", "TaskStarted", "TaskCompleted"), disposed("COMPLETED"))
            .get(0)
            .contains("may not follow"));
    assertTrue(
        HistoryChecker.problems(
                events("TaskScheduled", "TaskAccepted", "TaskStarted", "TaskCompleted"),
                disposed("FAILED"))
            .get(0)
            .contains("outcome"));
    assertTrue(
        HistoryChecker.problems(
                events("TaskScheduled", "TaskAccepted", "TaskStarted"), disposed("COMPLETED"))
            .get(0)
            .contains("ends in phase"));
    assertTrue(
        HistoryChecker.problems(
                events("TaskScheduled", "TaskAccepted", "TaskStarted", "TaskCompleted"),
                live("RUNNING"))
            .get(0)
            .contains("history ended"));
    assertTrue(
        HistoryChecker.problems(
                events(
                    "TaskScheduled",
                    "TaskAccepted",
                    "TaskStarted",
                    "TaskCompleted",
                    "TaskCompleted"),
                disposed("COMPLETED"))
            .get(0)
            .contains("may not follow"));
  }

  private static List<JsonObject> events(String... types) {
    List<JsonObject> events = new ArrayList<>();
    for (int i = 0; i < types.length; i++) {
      events.add(
          new JsonObject()
              .put("eventId", i + 1)
              .put("eventTimestamp", 1.0 + i)
              .put("eventType", types[i]));
    }
    return events;
  }

  private static JsonObject disposed(String outcome) {
    return new JsonObject()
        .put("messageId", "m")
        .put("state", "DISPOSED")
        .put("outcome", new JsonObject().put("type", outcome));
  }

  private static JsonObject live(String state) {
    return new JsonObject().put("messageId", "m").put("state", state);
  }
}
