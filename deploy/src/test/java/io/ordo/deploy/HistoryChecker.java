package io.ordo.deploy;

import io.vertx.core.json.JsonObject;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Checks a task message's history against the lifecycle (SPEC 3.3, 5): event ids 1..n without gaps,
 * times that never go back, every event allowed in the state the ones before it left the message
 * in, exactly one terminal event for a disposed message (none for a live one), and an end that
 * matches the message's final state and outcome.
 */
public final class HistoryChecker {
  /** The lifecycle as the history sees it. */
  private enum Phase {
    WAITING,
    READY,
    RUNNING,
    RELEASING,
    RELEASED,
    DISPOSED
  }

  private static final Map<String, String> TERMINAL_BY_OUTCOME =
      Map.of(
          "COMPLETED", "TaskCompleted",
          "FAILED", "TaskFailed",
          "TIMED_OUT", "TaskTimedOut",
          "REMOVED", "TaskRemoved",
          "RELEASED", "TaskReleased",
          "STOPPED", "TaskStopped");

  private HistoryChecker() {}

  /** Every problem found, as sentences; empty if the history is consistent. */
  public static List<String> problems(List<JsonObject> events, JsonObject info) {
    List<String> problems = new ArrayList<>();
    String id = info.getString("messageId");
    double lastTime = Double.NEGATIVE_INFINITY;
    Phase phase = null;
    String terminal = null;
    boolean released = false;
    for (int i = 0; i < events.size(); i++) {
      JsonObject event = events.get(i);
      String type = event.getString("eventType");
      if (event.getLong("eventId") != i + 1) {
        problems.add(id + ": event " + (i + 1) + " has id " + event.getLong("eventId"));
      }
      double time = event.getDouble("eventTimestamp");
      if (time < lastTime) {
        problems.add(id + ": event " + (i + 1) + " (" + type + ") is older than the one before");
      }
      lastTime = time;
      Phase next = next(phase, type);
      if (next == null) {
        problems.add(
            id + ": " + type + " may not follow phase " + phase + " (event " + (i + 1) + ")");
        break;
      }
      if (next == Phase.DISPOSED && phase != Phase.DISPOSED) {
        terminal = type;
      }
      released |= type.equals("TaskReleased") || type.equals("TaskStopped");
      phase = next;
    }
    String state = info.getString("state");
    if ("DISPOSED".equals(state)) {
      if (phase != Phase.DISPOSED && phase != Phase.RELEASED) {
        problems.add(id + ": disposed, but its history ends in phase " + phase);
      }
      JsonObject outcome = info.getJsonObject("outcome");
      String expected = outcome == null ? null : TERMINAL_BY_OUTCOME.get(outcome.getString("type"));
      String actual =
          phase == Phase.RELEASED
              ? (released ? lastOf(events, "TaskReleased", "TaskStopped") : null)
              : terminal;
      if (expected == null || !expected.equals(actual)) {
        problems.add(id + ": outcome " + outcome + " but the history ends with " + actual);
      }
    } else if (phase == Phase.DISPOSED || phase == Phase.RELEASED) {
      problems.add(id + ": state " + state + " but its history ended (" + terminal + ")");
    } else if (!matches(state, phase)) {
      problems.add(id + ": state " + state + " but its history leaves it " + phase);
    }
    return problems;
  }

  private static String lastOf(List<JsonObject> events, String... types) {
    for (int i = events.size() - 1; i >= 0; i--) {
      String type = events.get(i).getString("eventType");
      for (String candidate : types) {
        if (candidate.equals(type)) {
          return type;
        }
      }
    }
    return null;
  }

  private static boolean matches(String state, Phase phase) {
    return switch (state) {
      case "WAITING", "INITIAL", "ACCEPT_WAIT" -> phase == Phase.WAITING;
      case "READY" -> phase == Phase.READY;
      case "RUNNING" -> phase == Phase.RUNNING;
      default -> false;
    };
  }

  /** The phase after an event, or null if the event may not come now. */
  private static Phase next(Phase phase, String type) {
    if (phase == null) {
      return type.equals("TaskScheduled") ? Phase.WAITING : null;
    }
    if (type.equals("QueueDeactivated")) {
      return phase; // a task's outcome stopped its queue; it follows that outcome
    }
    if (type.equals("TaskRerun")) {
      // a finished message was re-run: it names the new message, after the end
      return phase == Phase.DISPOSED || phase == Phase.RELEASED ? phase : null;
    }
    if (phase == Phase.DISPOSED) {
      return null;
    }
    if (phase == Phase.RELEASED) {
      return type.equals("TaskReentered") ? Phase.WAITING : null;
    }
    return switch (type) {
      case "TaskAccepted" -> phase == Phase.WAITING ? Phase.READY : null;
      case "TaskStarted" -> phase == Phase.READY ? Phase.RUNNING : null;
      case "TaskRejected" -> phase == Phase.WAITING || phase == Phase.READY ? Phase.WAITING : null;
      case "TaskRemoved" -> phase == Phase.WAITING ? Phase.DISPOSED : null;
      case "TaskLeaseExpired" -> phase == Phase.RELEASING ? null : Phase.WAITING;
      case "TaskCompleted" -> phase == Phase.RUNNING ? Phase.DISPOSED : null;
      case "TaskFailed" -> phase == Phase.RELEASING ? null : Phase.DISPOSED;
      // a failed (or timed-out) run its retry policy retries: the message waits again
      case "TaskRetryScheduled" -> phase == Phase.RUNNING ? Phase.WAITING : null;
      case "TaskTimedOut" -> phase == Phase.RELEASING ? null : Phase.DISPOSED;
      case "TaskReleaseRequested", "TaskStopRequested" ->
          phase == Phase.RUNNING ? Phase.RELEASING : null;
      case "TaskReleased", "TaskStopped" -> phase == Phase.RELEASING ? Phase.RELEASED : null;
      default -> null;
    };
  }
}
