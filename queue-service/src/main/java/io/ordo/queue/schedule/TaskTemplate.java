package io.ordo.queue.schedule;

import io.ordo.ErrorCode;
import io.ordo.TaskControlException;
import io.ordo.model.QueueKind;
import io.ordo.model.RetryPolicy;
import io.vertx.core.json.JsonObject;

/**
 * What each fire starts: a task message (its registration body, without the queue) in the parallel
 * queue or a serial queue, or an execution of a state machine.
 *
 * @param kind the queue kind of a task message; null for an execution
 * @param queueId the serial queue's id; empty for the parallel queue; null for an execution
 * @param registration the registration body of a task message ({@code taskClassName} or {@code
 *     jsPath}, {@code parameter}, {@code timeouts}, {@code retry}, {@code stopProgressOnError})
 * @param stateMachine the state machine an execution runs; null for a task message
 * @param input the execution's input; null for a task message
 */
record TaskTemplate(
    QueueKind kind, String queueId, JsonObject registration, String stateMachine, Object input) {

  private static final String[] REGISTRATION_FIELDS = {
    "taskClassName", "jsPath", "parameter", "timeouts", "retry", "stopProgressOnError"
  };

  /** The fields of a task message besides queue and its task type: an execution has none. */
  private static final String[] MESSAGE_ONLY_FIELDS = {
    "queueId", "parameter", "timeouts", "retry", "stopProgressOnError"
  };

  /** Reads {@code task} of a schedule request (already checked against the OpenAPI schema). */
  static TaskTemplate parse(JsonObject task) {
    String stateMachine = task.getString("stateMachine");
    String queue = task.getString("queue");
    if (stateMachine != null) {
      if (queue != null || task.containsKey("taskClassName") || task.containsKey("jsPath")) {
        throw invalid("task: give either stateMachine (and input) or queue with a task type");
      }
      for (String field : MESSAGE_ONLY_FIELDS) {
        if (task.containsKey(field)) {
          // refused, not dropped: the schedule would not start what its owner wrote
          throw invalid(
              "task: " + field + " belongs to a task message; a stateMachine task has input");
        }
      }
      Object input = task.containsKey("input") ? task.getValue("input") : new JsonObject();
      return new TaskTemplate(null, null, null, stateMachine, input);
    }
    if (queue == null) {
      throw invalid("task: give queue (parallel or serial) with a task type, or stateMachine");
    }
    if (task.containsKey("input")) {
      throw invalid("task: input belongs to a stateMachine task; a task message has parameter");
    }
    QueueKind kind = queue.equals("serial") ? QueueKind.SERIAL : QueueKind.PARALLEL;
    String queueId = task.getString("queueId");
    if (kind == QueueKind.SERIAL && queueId == null) {
      throw invalid("task: a serial-queue task needs queueId");
    }
    if (kind == QueueKind.PARALLEL && queueId != null) {
      throw invalid("task: queueId belongs to a serial-queue task");
    }
    if (kind == QueueKind.PARALLEL && task.containsKey("stopProgressOnError")) {
      // as a registration into the parallel queue is refused with it
      throw invalid("task: stopProgressOnError belongs to a serial-queue task");
    }
    // checked here as well as at each launch, so that a refusal names the member where it stands
    RetryPolicy.fromJson("task.retry", task.getJsonObject("retry"));
    JsonObject registration = new JsonObject();
    for (String field : REGISTRATION_FIELDS) {
      if (task.containsKey(field)) {
        registration.put(field, task.getValue(field));
      }
    }
    return new TaskTemplate(
        kind, kind == QueueKind.SERIAL ? queueId : "", registration, null, null);
  }

  boolean isExecution() {
    return stateMachine != null;
  }

  JsonObject toJson() {
    if (isExecution()) {
      return new JsonObject().put("stateMachine", stateMachine).put("input", input);
    }
    JsonObject json = new JsonObject().put("queue", kind.apiName());
    if (kind == QueueKind.SERIAL) {
      json.put("queueId", queueId);
    }
    return json.mergeIn(registration.copy());
  }

  static TaskControlException invalid(String message) {
    return new TaskControlException(ErrorCode.INVALID_REQUEST, message);
  }
}
