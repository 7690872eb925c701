package io.ordo.queue.statemachine;

import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Where an execution stands, as the decider keeps it in PostgreSQL between advances: its active
 * runs (the top level and every branch still going) and the task messages it asked to stop whose
 * end it has not seen yet.
 */
final class DeciderState {
  private final Map<String, Run> runs = new LinkedHashMap<>();
  private final Set<String> stopping = new LinkedHashSet<>();
  private int nextRunId;

  /** A new run, active from now on. */
  Run newRun(String parent, int index) {
    Run run = new Run(String.valueOf(nextRunId++), parent, index);
    runs.put(run.id, run);
    return run;
  }

  Run run(String id) {
    return runs.get(id);
  }

  boolean isActive(Run run) {
    return runs.get(run.id) == run;
  }

  void remove(Run run) {
    runs.remove(run.id);
  }

  /** Every active run, in the order they were created. */
  List<Run> runs() {
    return List.copyOf(runs.values());
  }

  /** The run waiting for a task message, if any. */
  Optional<Run> awaiting(String messageId) {
    return runs.values().stream()
        .filter(run -> run.wait == Run.Wait.TASK && messageId.equals(run.messageId))
        .findFirst();
  }

  /** Runs whose timer is due at {@code now}, earliest first. */
  List<Run> dueTimers(Instant now) {
    return runs.values().stream()
        .filter(run -> run.timerAt != null && !run.timerAt.isAfter(now))
        .sorted(Comparator.comparing((Run run) -> run.timerAt))
        .toList();
  }

  /** The earliest timer of any run. */
  Optional<Instant> nextTimer() {
    return runs.values().stream()
        .map(run -> run.timerAt)
        .filter(at -> at != null)
        .min(Comparator.naturalOrder());
  }

  /** The top-level run, if the execution still runs. */
  Optional<Run> root() {
    return runs.values().stream().filter(run -> run.parent == null).findFirst();
  }

  /** Records that a task message must be stopped (released if running, removed if waiting). */
  void stop(String messageId) {
    stopping.add(messageId);
  }

  /** A task message being stopped has ended. */
  void stopped(String messageId) {
    stopping.remove(messageId);
  }

  Set<String> stopping() {
    return Set.copyOf(stopping);
  }

  boolean hasRuns() {
    return !runs.isEmpty();
  }

  JsonObject toJson() {
    JsonArray list = new JsonArray();
    runs.values().forEach(run -> list.add(run.toJson()));
    return new JsonObject()
        .put("nextRunId", nextRunId)
        .put("runs", list)
        .put("stopping", new JsonArray(new ArrayList<>(stopping)));
  }

  static DeciderState fromJson(JsonObject json) {
    DeciderState state = new DeciderState();
    if (json == null) {
      return state;
    }
    state.nextRunId = json.getInteger("nextRunId", 0);
    json.getJsonArray("runs", new JsonArray())
        .forEach(
            item -> {
              Run run = Run.fromJson((JsonObject) item);
              state.runs.put(run.id, run);
            });
    json.getJsonArray("stopping", new JsonArray()).forEach(id -> state.stopping.add((String) id));
    return state;
  }
}
