package io.ordo.queue.statemachine;

import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * One run of a scope of states: the execution's top level, one branch of a Parallel state or one
 * item of a Map state. A run stands at one state and, between advances, waits for one thing: a task
 * message, a timer, or its own branches. Kept as JSON in the execution's decider state.
 */
final class Run {

  /** What a run waits for between advances. */
  enum Wait {
    /** Nothing: it is being moved on (never stored). */
    NONE,
    /** The outcome of the task message {@link #messageId}. */
    TASK,
    /** A Wait state's timer at {@link #timerAt}. */
    TIMER,
    /** A Retry back-off ending at {@link #timerAt}, after which the state runs again. */
    RETRY,
    /** Its branches (Parallel) or item runs (Map), the runs listed in {@link #children}. */
    CHILDREN
  }

  final String id;
  final String parent;
  final int index;
  String state;
  Object input;
  Instant enteredAt;
  int epoch;
  Wait wait = Wait.NONE;
  String messageId;
  long scheduledEventId;
  // the execution's TaskStarted event of the awaited task; 0 until it started
  long startedEventId;
  Instant timerAt;
  List<Integer> retries = new ArrayList<>();
  List<String> children = new ArrayList<>();
  JsonArray outputs;
  int remaining;
  JsonArray items;
  int nextItem;
  // a Map's MaxConcurrencyPath, read once when the Map started (0: no limit)
  int maxConcurrency;

  /**
   * @param id unique within the execution
   * @param parent the run whose Parallel or Map state started it; null for the top level
   * @param index its branch index, or its item index in a Map
   */
  Run(String id, String parent, int index) {
    this.id = id;
    this.parent = parent;
    this.index = index;
  }

  /** Enters a state: a new visit, so retry counts start again. */
  void enter(String stateName, Object rawInput, Instant now) {
    state = stateName;
    input = rawInput;
    enteredAt = now;
    retries = new ArrayList<>();
    restart();
  }

  /** Starts the work of the current state afresh (on entry, or again after a Retry back-off). */
  void restart() {
    epoch++;
    clearWait();
  }

  void clearWait() {
    wait = Wait.NONE;
    messageId = null;
    startedEventId = 0;
    timerAt = null;
    children = new ArrayList<>();
    outputs = null;
    items = null;
    remaining = 0;
    nextItem = 0;
    maxConcurrency = 0;
  }

  void awaitTask(String message, long scheduledEvent) {
    wait = Wait.TASK;
    messageId = message;
    scheduledEventId = scheduledEvent;
    startedEventId = 0;
  }

  void awaitTimer(Wait kind, Instant at) {
    wait = kind;
    timerAt = at;
  }

  /** Waits for {@code count} children whose outputs fill {@link #outputs} in index order. */
  void awaitChildren(int count) {
    wait = Wait.CHILDREN;
    remaining = count;
    outputs = new JsonArray();
    for (int i = 0; i < count; i++) {
      outputs.addNull();
    }
  }

  /** Counts a retry of the retrier at {@code retrierIndex}. */
  void countRetry(int retrierIndex) {
    while (retries.size() <= retrierIndex) {
      retries.add(0);
    }
    retries.set(retrierIndex, retries.get(retrierIndex) + 1);
  }

  int retryCount() {
    return retries.stream().mapToInt(Integer::intValue).sum();
  }

  JsonObject toJson() {
    JsonObject json =
        new JsonObject()
            .put("id", id)
            .put("parent", parent)
            .put("index", index)
            .put("state", state)
            .put("input", input)
            .put("enteredAt", enteredAt == null ? null : enteredAt.toString())
            .put("epoch", epoch)
            .put("wait", wait.name())
            .put("retries", new JsonArray(new ArrayList<>(retries)));
    switch (wait) {
      case TASK ->
          json.put("messageId", messageId)
              .put("scheduledEventId", scheduledEventId)
              .put("startedEventId", startedEventId);
      case TIMER, RETRY -> json.put("timerAt", timerAt.toString());
      case CHILDREN ->
          json.put("children", new JsonArray(new ArrayList<>(children)))
              .put("outputs", outputs)
              .put("remaining", remaining)
              .put("items", items)
              .put("nextItem", nextItem)
              .put("maxConcurrency", maxConcurrency);
      default -> {}
    }
    return json;
  }

  static Run fromJson(JsonObject json) {
    Run run = new Run(json.getString("id"), json.getString("parent"), json.getInteger("index"));
    run.state = json.getString("state");
    run.input = json.getValue("input");
    String entered = json.getString("enteredAt");
    run.enteredAt = entered == null ? null : Instant.parse(entered);
    run.epoch = json.getInteger("epoch", 0);
    run.wait = Wait.valueOf(json.getString("wait", Wait.NONE.name()));
    json.getJsonArray("retries", new JsonArray())
        .forEach(count -> run.retries.add(((Number) count).intValue()));
    run.messageId = json.getString("messageId");
    run.scheduledEventId = json.getLong("scheduledEventId", 0L);
    run.startedEventId = json.getLong("startedEventId", 0L);
    String timer = json.getString("timerAt");
    run.timerAt = timer == null ? null : Instant.parse(timer);
    json.getJsonArray("children", new JsonArray())
        .forEach(child -> run.children.add((String) child));
    run.outputs = json.getJsonArray("outputs");
    run.remaining = json.getInteger("remaining", 0);
    run.items = json.getJsonArray("items");
    run.nextItem = json.getInteger("nextItem", 0);
    run.maxConcurrency = json.getInteger("maxConcurrency", 0);
    return run;
  }
}
