package io.ordo.deploy.statemachine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.ordo.deploy.Api;
import io.ordo.deploy.OrdoNode;
import io.ordo.deploy.TestNode;
import io.ordo.testing.TestDatabase;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * What Step Functions answers and only a real node shows (issue 15): a definition reads back as it
 * was written, a Fail without Error inside a Map or Parallel fails the execution with a null error,
 * and the context object's Execution has RoleArn and a StartTime in milliseconds. No task runs
 * here, so one node serves every test.
 */
class ConformanceApiTest {
  private static OrdoNode node;
  private static Api api;
  private static Machines machines;

  @BeforeAll
  static void startNode() {
    TestDatabase.truncate();
    node = TestNode.start();
    api = new Api(node.httpPort(), TestNode.OPERATOR);
    machines = new Machines(api);
  }

  @AfterAll
  static void stopNode() {
    api.close();
    node.close();
  }

  @Test
  void aDefinitionReadsBackWithItsKeysInTheOrderTheyWereWritten() {
    String definition =
        """
        { "States": {
            "Zed": { "Type": "Pass", "Result": { "z": 1, "b": 2, "aa": 3 }, "Next": "Alpha" },
            "Alpha": { "Comment": "second", "Type": "Succeed" } },
          "StartAt": "Zed", "Comment": "keys deliberately unsorted" }
        """;
    machines.put("Ordered", definition);

    Api.Reply got = api.get("/state-machines/Ordered");
    assertEquals(200, got.status(), got.body().toString());
    JsonObject stored = got.json().getJsonObject("definition");
    assertEquals(List.of("States", "StartAt", "Comment"), names(stored));
    JsonObject states = stored.getJsonObject("States");
    assertEquals(List.of("Zed", "Alpha"), names(states));
    assertEquals(List.of("Type", "Result", "Next"), names(states.getJsonObject("Zed")));
    assertEquals(
        List.of("z", "b", "aa"), names(states.getJsonObject("Zed").getJsonObject("Result")));
  }

  @Test
  void aFailWithoutErrorInAMapIteration_failsTheExecutionWithANullError() {
    machines.put(
        "MapFail",
        """
        { "StartAt": "M", "States": { "M": { "Type": "Map", "End": true,
          "ItemProcessor": { "StartAt": "F", "States": { "F": { "Type": "Fail" } } } } } }
        """);
    JsonObject execution =
        machines.await(machines.start("MapFail", new JsonArray().add(1)), "FAILED");
    assertNull(execution.getValue("error"), execution::encode);
  }

  @Test
  void aFailWithoutErrorInAParallelBranch_failsTheExecutionWithANullError() {
    machines.put(
        "ParallelFail",
        """
        { "StartAt": "P", "States": { "P": { "Type": "Parallel", "End": true, "Branches": [
          { "StartAt": "F", "States": { "F": { "Type": "Fail", "Cause": "why" } } } ] } } }
        """);
    JsonObject execution =
        machines.await(machines.start("ParallelFail", new JsonObject()), "FAILED");
    assertNull(execution.getValue("error"), execution::encode);
    assertEquals("why", execution.getString("cause"));
  }

  @Test
  void aFailErrorLongerThan256Characters_failsTheExecution_withTheErrorWhole() {
    String error = "E".repeat(300);
    machines.put(
        "LongError",
        """
        { "StartAt": "F", "States": { "F": { "Type": "Fail", "Error": "%s", "Cause": "why" } } }
        """
            .formatted(error));
    JsonObject execution = machines.await(machines.start("LongError", new JsonObject()), "FAILED");
    assertEquals(error, execution.getString("error"));
  }

  @Test
  void anErrorPathSelectingALongError_afterATask_failsTheExecution_withTheErrorWhole() {
    machines.put(
        "LongErrorPath",
        """
        { "StartAt": "Work", "States": {
          "Work": { "Type": "Task", "Resource": "ordo:task:Echo", "Next": "F" },
          "F": { "Type": "Fail", "ErrorPath": "$.error", "CausePath": "$.cause" } } }
        """);
    String error = "P".repeat(1_000);
    JsonObject execution =
        machines.await(
            machines.start(
                "LongErrorPath", new JsonObject().put("error", error).put("cause", "because")),
            "FAILED");
    assertEquals(error, execution.getString("error"));
    assertEquals("because", execution.getString("cause"));
  }

  @Test
  void theExecutionInTheContextObject_hasRoleArnAndAStartTimeInMilliseconds() {
    machines.put(
        "Context",
        """
        { "StartAt": "P", "States": { "P": { "Type": "Pass",
          "Parameters": { "execution.$": "$$.Execution", "state.$": "$$.State" }, "End": true } } }
        """);
    JsonObject output =
        machines
            .await(machines.start("Context", new JsonObject()), "SUCCEEDED")
            .getJsonObject("output");

    JsonObject execution = output.getJsonObject("execution");
    String startTime = execution.getString("StartTime");
    assertTrue(startTime.matches("\\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\d\\.\\d{3}Z"), startTime);
    assertEquals("arn:ordo:iam::default:role/ordo-execution", execution.getString("RoleArn"));
    assertEquals(List.of("Name", "EnteredTime"), names(output.getJsonObject("state")));
  }

  private static List<String> names(JsonObject object) {
    return new ArrayList<>(object.fieldNames());
  }
}
