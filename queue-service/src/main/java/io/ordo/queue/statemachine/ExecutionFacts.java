package io.ordo.queue.statemachine;

import io.vertx.core.json.JsonObject;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;

/**
 * What never changes about an execution: what the decider needs besides its state, and what the
 * context object ({@code $$}) shows.
 *
 * @param tenant the tenant it belongs to
 * @param executionId its id (also its history's id)
 * @param name its name, unique per state machine
 * @param stateMachine the state machine's name
 * @param input the execution's input
 * @param startDate when it started
 */
record ExecutionFacts(
    String tenant,
    String executionId,
    String name,
    String stateMachine,
    Object input,
    Instant startDate) {

  // Step Functions shows times in UTC with milliseconds, e.g. 2019-03-26T20:14:13.192Z.
  private static final DateTimeFormatter MILLIS =
      DateTimeFormatter.ofPattern("uuuu-MM-dd'T'HH:mm:ss.SSS'Z'").withZone(ZoneOffset.UTC);

  /** A time as the context object shows it: UTC, with exactly three digits of the second. */
  static String timestamp(Instant time) {
    return MILLIS.format(time);
  }

  /**
   * The role Step Functions would assume for an execution: Ordo has no IAM, so {@code
   * $$.Execution.RoleArn} is this fixed, ARN-shaped name of the tenant's executions.
   */
  String roleArn() {
    return "arn:ordo:iam::" + tenant + ":role/ordo-execution";
  }

  /** The context object's Execution and StateMachine members; the decider adds State. */
  JsonObject context() {
    return new JsonObject()
        .put(
            "Execution",
            new JsonObject()
                .put("Id", executionId)
                .put("Name", name)
                .put("Input", input) // read only: a read copies what it returns
                .put("StartTime", timestamp(startDate))
                .put("RoleArn", roleArn())
                // Step Functions shows 0 until an execution is redriven; Ordo never redrives one
                .put("RedriveCount", 0))
        .put("StateMachine", new JsonObject().put("Id", stateMachine).put("Name", stateMachine));
  }
}
