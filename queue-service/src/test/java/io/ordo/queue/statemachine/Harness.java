package io.ordo.queue.statemachine;

import io.ordo.config.OrdoConfig.StateMachineOptions;
import io.ordo.history.HistoryEvent;
import io.ordo.model.Timeouts;
import io.ordo.parameter.ParameterLimits;
import io.ordo.queue.store.ExecutionInboxStore;
import io.ordo.statemachine.language.StateMachineDefinition;
import io.ordo.tasktype.TaskTypeInfo;
import io.vertx.core.json.JsonObject;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.function.Consumer;

/**
 * Drives an {@link Interpreter} the way the decider does: one interpreter per advance, the decider
 * state stored as JSON in between, so every test also checks that the state survives being saved.
 */
final class Harness {
  static final Set<String> KNOWN = Set.of("Add", "Subtract", "Echo", "Fail", "Sleep");

  private final StateMachineDefinition definition;
  private final ExecutionFacts facts;
  Instant now = Instant.parse("2024-01-01T00:00:00Z");
  ExecutionStatus status = ExecutionStatus.RUNNING;
  Object output;
  String error;
  String cause;
  JsonObject state = new DeciderState().toJson();
  long lastEventId;
  final List<HistoryEvent> events = new ArrayList<>();
  final List<TaskRequest> registered = new ArrayList<>();
  List<TaskRequest> lastRequests = List.of();
  ExecutionLimits limits =
      new ExecutionLimits(StateMachineOptions.DEFAULTS, ParameterLimits.DEFAULTS);
  TaskTypes taskTypes = Harness::type;

  Harness(String definition, Object input) {
    this.definition = StateMachineDefinition.parse(new JsonObject(definition));
    this.facts = new ExecutionFacts("t", "e-1", "run-1", "machine", input, now);
  }

  static TaskTypeInfo type(String name) {
    return KNOWN.contains(name)
        ? new TaskTypeInfo("io.ordo.samples." + name + "Task", List.of(name), Timeouts.NONE_AT_ALL)
        : null;
  }

  Harness start() {
    return step(interpreter -> interpreter.start(null));
  }

  Harness step(Consumer<Interpreter> action) {
    DeciderState decider = DeciderState.fromJson(state);
    ExecutionEvents log = limits.events("t", "e-1", lastEventId, now);
    Interpreter interpreter =
        new Interpreter(definition, facts, status, decider, log, now, taskTypes, () -> 0.5, limits);
    action.accept(interpreter);
    Decision decision = interpreter.decision();
    if (!status.isFinal()) {
      status = decision.status();
      output = decision.output();
      error = decision.error();
      cause = decision.cause();
    }
    state = decision.state().toJson();
    lastEventId = log.lastEventId();
    events.addAll(log.events());
    lastRequests = decision.requests();
    registered.addAll(decision.requests());
    return this;
  }

  Harness complete(String state, Object result) {
    String id = messageOf(state);
    return step(
        i -> i.taskReported(id, new JsonObject().put("type", "COMPLETED").put("result", result)));
  }

  Harness fail(String state, String error, String cause) {
    String id = messageOf(state);
    return step(
        i ->
            i.taskReported(
                id,
                new JsonObject().put("type", "FAILED").put("error", error).put("cause", cause)));
  }

  /** The state's task started on a runner (as the decider inbox tells it). */
  Harness started(String state, int attempt) {
    String id = messageOf(state);
    return step(
        i ->
            i.taskReported(
                id,
                ExecutionInboxStore.started(
                    new JsonObject().put("node", "runner-1").put("attempt", attempt))));
  }

  Harness outcome(String state, JsonObject outcome) {
    String id = messageOf(state);
    return step(i -> i.taskReported(id, outcome));
  }

  Harness advance(Duration duration) {
    now = now.plus(duration);
    return step(Interpreter::fireTimers);
  }

  /** The latest message registered for a Task state. */
  String messageOf(String stateName) {
    for (int i = registered.size() - 1; i >= 0; i--) {
      if (registered.get(i).stateName().equals(stateName)) {
        return registered.get(i).messageId();
      }
    }
    throw new AssertionError("no task was registered for " + stateName);
  }

  long count(String stateName) {
    return registered.stream().filter(r -> r.stateName().equals(stateName)).count();
  }

  List<String> eventTypes() {
    return events.stream().map(e -> e.type().name()).toList();
  }

  List<String> stopping() {
    return DeciderState.fromJson(state).stopping().stream().sorted().toList();
  }
}
