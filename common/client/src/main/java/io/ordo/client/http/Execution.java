package io.ordo.client.http;

import com.fasterxml.jackson.databind.JsonNode;
import java.time.Instant;

/**
 * A state machine's execution (as Step Functions' {@code DescribeExecution}).
 *
 * @param executionId its id, for describing, stopping and reading its history
 * @param stateMachine the state machine's name
 * @param name the execution's name, unique per state machine
 * @param revision the state machine's revision it runs
 * @param status {@code RUNNING}, {@code SUCCEEDED}, {@code FAILED}, {@code TIMED_OUT} or {@code
 *     ABORTED}
 * @param input its input as plain Java (null in lists)
 * @param output its output once it succeeded, as plain Java; else null
 * @param error the error name once it failed, timed out or was aborted; else null
 * @param cause the error's cause; else null
 * @param startDate when it started
 * @param stopDate when it ended; null while it runs
 */
public record Execution(
    String executionId,
    String stateMachine,
    String name,
    int revision,
    String status,
    Object input,
    Object output,
    String error,
    String cause,
    Instant startDate,
    Instant stopDate) {
  /** Whether the execution still runs. */
  public boolean isRunning() {
    return "RUNNING".equals(status);
  }

  static Execution read(JsonNode json) {
    Json.object(json, "an execution");
    return new Execution(
        Json.requiredText(json, "executionId"),
        Json.text(json, "stateMachine"),
        Json.text(json, "name"),
        Json.integer(json, "revision", 0),
        Json.requiredText(json, "status"),
        Json.plain(json.get("input")),
        Json.plain(json.get("output")),
        Json.text(json, "error"),
        Json.text(json, "cause"),
        Json.instant(json, "startDate"),
        Json.instant(json, "stopDate"));
  }
}
