package io.ordo.queue.statemachine;

import io.ordo.TaskControlException;
import io.ordo.history.HistoryEventType;
import io.ordo.model.MessageIds;
import io.ordo.model.TimeoutType;
import io.ordo.model.Timeouts;
import io.ordo.parameter.ParameterLimits;
import io.ordo.statemachine.language.JsonPath;
import io.ordo.statemachine.language.JsonValues;
import io.ordo.statemachine.language.PathFailure;
import io.ordo.statemachine.language.StateIo;
import io.ordo.statemachine.language.StatesError;
import io.ordo.statemachine.language.StatesException;
import io.ordo.statemachine.language.StepWork;
import io.ordo.statemachine.language.TaskState;
import io.ordo.tasktype.TaskTypeInfo;
import io.vertx.core.json.JsonObject;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.OptionalInt;

/**
 * Task states: a state's effective input becomes a message of the tenant's parallel queue (a
 * non-object input is passed as {@code {"input": <value>}}), and the message's outcome becomes the
 * state's result or error: a task's own error is its exception's class name, a timeout {@code
 * States.Timeout} or {@code States.HeartbeatTimeout}.
 */
final class TaskStates {
  /** The error of a Task state whose Resource names a task type no runner knows any more. */
  static final String UNKNOWN_TASK_TYPE = "Ordo.UnknownTaskType";

  private final Interpreter interpreter;
  private final TaskTypes taskTypes;
  private final ParameterLimits parameterLimits;
  private final List<TaskRequest> requests = new ArrayList<>();

  /**
   * @param parameterLimits what a task's parameter may be, as for a message registered directly
   */
  TaskStates(Interpreter interpreter, TaskTypes taskTypes, ParameterLimits parameterLimits) {
    this.interpreter = interpreter;
    this.taskTypes = taskTypes;
    this.parameterLimits = parameterLimits;
  }

  /** Schedules the state's task: a message to register when the advance is saved. */
  void schedule(Run run, TaskState task) {
    JsonObject context = interpreter.context(run);
    Object input;
    TaskTypeInfo type;
    Timeouts timeouts;
    try {
      input = StateIo.effectiveInput(task, run.input, context);
      type = taskTypes.find(task.resourceName().name());
      if (type == null) {
        throw new StatesException(
            UNKNOWN_TASK_TYPE,
            "no runner knows the task type '" + task.resourceName().name() + "'");
      }
      timeouts = timeouts(task, type, input, context);
    } catch (StatesException e) {
      interpreter.failed(run, e.error(), e.getMessage(), null);
      return;
    }
    JsonObject parameter =
        input instanceof JsonObject object
            ? object.copy()
            : new JsonObject().put("input", StepWork.copyOf(input));
    try {
      parameterLimits.check("the parameter of Task state '" + task.name() + "'", parameter);
    } catch (TaskControlException tooBig) {
      // The limits of SPEC 3.5 hold on every path: as in Step Functions, an input past a payload
      // limit fails the state with the terminal States.DataLimitExceeded.
      interpreter.failed(run, StatesError.DATA_LIMIT, tooBig.getMessage(), null);
      return;
    }
    String messageId = MessageIds.next().toString();
    interpreter
        .events()
        .add(
            HistoryEventType.TaskScheduled,
            new JsonObject()
                .put("name", task.name())
                .put("resourceType", "ordo:task")
                .put("resource", task.resource())
                .put("taskClassName", type.taskClassName())
                .put("messageId", messageId)
                .put("parameters", parameter.copy())
                .put("timeouts", timeouts.toJson()));
    run.awaitTask(messageId, interpreter.events().lastEventId());
    requests.add(
        new TaskRequest(
            messageId,
            type.taskClassName(),
            task.resourceName().jsPath(),
            parameter,
            timeouts,
            task.name()));
  }

  /**
   * The task of a waiting run started: {@code TaskStarted} in the execution's history, once per
   * scheduled task (a task started again after recovery or re-entry is the same task).
   */
  void started(String messageId, JsonObject start) {
    Optional<Run> waiting = interpreter.state().awaiting(messageId);
    if (waiting.isEmpty() || !interpreter.running() || waiting.get().startedEventId != 0) {
      return;
    }
    Run run = waiting.get();
    interpreter
        .events()
        .add(
            HistoryEventType.TaskStarted,
            new JsonObject()
                .put("name", interpreter.stateOf(run).name())
                .put("messageId", messageId)
                .put("scheduledEventId", run.scheduledEventId)
                .put("node", start.getString("node"))
                .put("attempt", start.getInteger("attempt")));
    run.startedEventId = interpreter.events().lastEventId();
  }

  /** A message's outcome: the state succeeds with its result, or fails. */
  void ended(String messageId, JsonObject outcome) {
    Optional<Run> waiting = interpreter.state().awaiting(messageId);
    if (waiting.isEmpty() || !interpreter.running()) {
      interpreter.state().stopped(messageId); // a stopped task, or one of an aborted branch
      return;
    }
    Run run = waiting.get();
    TaskState task = (TaskState) interpreter.stateOf(run);
    JsonObject attributes =
        new JsonObject()
            .put("name", task.name())
            .put("messageId", messageId)
            .put("scheduledEventId", run.scheduledEventId);
    if (run.startedEventId != 0) {
      attributes.put("startedEventId", run.startedEventId);
    }
    run.clearWait();
    String type = outcome.getString("type", "FAILED");
    if ("COMPLETED".equals(type)) {
      Object result = outcome.getValue("result");
      interpreter.events().add(HistoryEventType.TaskSucceeded, attributes.put("output", result));
      Object out;
      try {
        out = StateIo.output(task, run.input, result, interpreter.context(run));
      } catch (StatesException e) {
        interpreter.failed(run, e.error(), e.getMessage(), null);
        return;
      }
      interpreter.exit(run, task, out);
      return;
    }
    String error;
    String cause;
    HistoryEventType event = HistoryEventType.TaskFailed;
    if ("FAILED".equals(type)) {
      error = outcome.getString("error", StatesError.TASK_FAILED);
      cause = outcome.getString("cause");
    } else if ("TIMED_OUT".equals(type)) {
      String timeoutType = outcome.getString("timeoutType");
      error = "HEARTBEAT".equals(timeoutType) ? StatesError.HEARTBEAT_TIMEOUT : StatesError.TIMEOUT;
      cause = "the task timed out (" + timeoutType + ")";
      attributes.put("timeoutType", timeoutType);
      event = HistoryEventType.TaskTimedOut;
    } else {
      // Released, stopped or removed by an operator, not by this execution.
      String what = type.toLowerCase(Locale.ROOT);
      error = "Ordo.Task" + Character.toUpperCase(what.charAt(0)) + what.substring(1);
      cause = "the task message was " + what + " before it completed";
    }
    JsonObject failure =
        interpreter.events().add(event, attributes.put("error", error).put("cause", cause));
    interpreter.failed(run, error, cause, failure);
  }

  /**
   * Stops a task of an aborted run: one scheduled in this very advance is simply not registered;
   * any other is released or removed once the advance is saved.
   */
  void stop(String messageId) {
    if (!requests.removeIf(request -> request.messageId().equals(messageId))) {
      interpreter.state().stop(messageId);
    }
  }

  List<TaskRequest> requests() {
    return requests;
  }

  private static Timeouts timeouts(
      TaskState task, TaskTypeInfo type, Object input, JsonObject context) {
    Timeouts timeouts = type.defaultTimeouts();
    Integer startToClose =
        seconds(task.timeoutSeconds(), task.timeoutSecondsPath(), input, context);
    if (startToClose != null) {
      timeouts = timeouts.with(TimeoutType.START_TO_CLOSE, Duration.ofSeconds(startToClose));
    }
    Integer heartbeat =
        seconds(task.heartbeatSeconds(), task.heartbeatSecondsPath(), input, context);
    if (heartbeat != null) {
      timeouts = timeouts.with(TimeoutType.HEARTBEAT, Duration.ofSeconds(heartbeat));
    }
    return timeouts;
  }

  private static Integer seconds(
      OptionalInt fixed, Optional<JsonPath> path, Object input, JsonObject context) {
    if (fixed.isPresent()) {
      return fixed.getAsInt();
    }
    if (path.isEmpty()) {
      return null;
    }
    Object value;
    try {
      value = path.get().resolve(input, context);
    } catch (PathFailure missing) {
      throw new StatesException(StatesError.RUNTIME, missing.getMessage());
    }
    if (!(value instanceof Number number)
        || number.doubleValue() < 1
        || number.doubleValue() > Integer.MAX_VALUE
        || number.doubleValue() != Math.rint(number.doubleValue())) {
      throw new StatesException(
          StatesError.RUNTIME,
          "'"
              + path.get()
              + "' must select a whole number of seconds from 1 to "
              + Integer.MAX_VALUE
              + ", not "
              + (value instanceof String ? "the string " : "")
              + JsonValues.abbreviate(value));
    }
    return number.intValue();
  }
}
