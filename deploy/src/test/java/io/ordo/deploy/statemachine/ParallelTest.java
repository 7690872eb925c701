package io.ordo.deploy.statemachine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.ordo.deploy.Api;
import io.ordo.deploy.OrdoNode;
import io.ordo.deploy.Tasks;
import io.ordo.deploy.TestNode;
import io.ordo.deploy.tasks.GateTask;
import io.ordo.testing.TestDatabase;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The Parallel state as the seed describes it, run by the decider over the runner farm. */
class ParallelTest {
  /** The seed's example, unchanged. */
  static final String FUN_WITH_MATH =
      """
      { "Comment": "Parallel Example.", "StartAt": "FunWithMath", "States": { "FunWithMath": {
      "Type": "Parallel", "End": true, "Branches": [ { "StartAt": "Add", "States": { "Add": {
      "Type": "Task", "Resource": "arn:aws:states:us-east-1:123456789012:activity:Add",
      "End": true } } }, { "StartAt": "Subtract", "States": { "Subtract": { "Type": "Task",
      "Resource": "arn:aws:states:us-east-1:123456789012:activity:Subtract", "End": true } } } ]
      } } }
      """;

  private OrdoNode node;
  private Api api;
  private Machines machines;
  private Tasks tasks;

  @BeforeEach
  void start() {
    TestDatabase.truncate();
    GateTask.reset();
    node = TestNode.start();
    api = new Api(node.httpPort(), TestNode.OPERATOR);
    machines = new Machines(api);
    tasks = new Tasks(api);
  }

  @AfterEach
  void stop() {
    api.close();
    node.close();
  }

  @Test
  void funWithMath_fromTheSeed_outputsFiveAndOne() {
    machines.put("FunWithMath", FUN_WITH_MATH);
    String id = machines.start("FunWithMath", new JsonArray().add(3).add(2));

    JsonObject execution = machines.await(id, "SUCCEEDED");

    assertEquals(new JsonArray().add(5).add(1), execution.getValue("output"));
    assertEquals(new JsonArray().add(3).add(2), execution.getValue("input"));
    assertEquals("FunWithMath", execution.getString("stateMachine"));
    List<JsonObject> events = machines.history(id);
    List<String> types = Machines.types(events);
    assertEquals("ExecutionStarted", types.get(0));
    assertEquals("ParallelStateEntered", types.get(1));
    assertEquals("ExecutionSucceeded", types.get(types.size() - 1));
    assertEquals(2, Machines.count(events, "TaskSucceeded"));
    for (int i = 0; i < events.size(); i++) {
      assertEquals(i + 1, events.get(i).getLong("eventId"), "event ids count from 1 without gaps");
    }
    // Each branch ran as a parallel-queue message with the array passed as {"input": [3, 2]}.
    JsonObject add = api.get("/tasks/" + machines.message(id, "Add")).json();
    assertEquals("parallel", add.getString("queue"));
    assertEquals("DISPOSED", add.getString("state"));
    assertEquals(new JsonArray().add(3).add(2), add.getJsonObject("parameter").getValue("input"));
    assertEquals(5, add.getJsonObject("outcome").getInteger("result"));
  }

  @Test
  void branchesRunConcurrently_andTheResultIsInBranchOrder_whateverOrderTheyFinishIn() {
    machines.put(
        "Gates",
        """
        { "StartAt": "Both", "States": { "Both": { "Type": "Parallel", "End": true,
          "ResultSelector": { "first.$": "$[0].key", "second.$": "$[1].key" },
          "Branches": [
            { "StartAt": "A", "States": { "A": { "Type": "Task", "Resource": "ordo:task:Gate",
              "Parameters": { "key": "a" }, "End": true } } },
            { "StartAt": "B", "States": { "B": { "Type": "Task", "Resource": "ordo:task:Gate",
              "Parameters": { "key": "b" }, "End": true } } } ] } } }
        """);
    String id = machines.start("Gates", new JsonObject());
    // Both tasks run at the same time: neither waits for the other.
    tasks.await(machines.message(id, "A"), "RUNNING");
    tasks.await(machines.message(id, "B"), "RUNNING");

    GateTask.OPEN.add("b");
    machines.awaitEvents(id, "TaskSucceeded", 1);
    assertEquals("RUNNING", machines.get(id).getString("status"));
    GateTask.OPEN.add("a");

    JsonObject execution = machines.await(id, "SUCCEEDED");
    assertEquals(
        new JsonObject().put("first", "a").put("second", "b"), execution.getValue("output"));
  }

  @Test
  void nestedParallel_withPathsAndAPassBranch() {
    machines.put(
        "Nested",
        """
        { "StartAt": "Outer", "States": { "Outer": { "Type": "Parallel", "Next": "Done",
          "InputPath": "$.args", "ResultPath": "$.results", "OutputPath": "$.results",
          "Branches": [
            { "StartAt": "Inner", "States": { "Inner": { "Type": "Parallel", "End": true,
              "Branches": [
                { "StartAt": "Add", "States": { "Add": { "Type": "Task",
                  "Resource": "ordo:task:Add", "End": true } } },
                { "StartAt": "Subtract", "States": { "Subtract": { "Type": "Task",
                  "Resource": "ordo:task:Subtract", "End": true } } } ] } } },
            { "StartAt": "Constant", "States": { "Constant": { "Type": "Pass",
              "Result": "pass", "End": true } } } ] },
          "Done": { "Type": "Succeed" } } }
        """);
    String id =
        machines.start("Nested", new JsonObject().put("args", new JsonArray().add(7).add(4)));

    JsonObject execution = machines.await(id, "SUCCEEDED");
    assertEquals(
        new JsonArray().add(new JsonArray().add(11).add(3)).add("pass"),
        execution.getValue("output"));
    List<String> types = machines.eventTypes(id);
    assertEquals(2, types.stream().filter("ParallelStateSucceeded"::equals).count());
    assertTrue(types.contains("SucceedStateEntered"), types::toString);
  }

  @Test
  void aMapState_runsItsItemsAndKeepsTheirOrder() {
    machines.put(
        "Each",
        """
        { "StartAt": "Each", "States": { "Each": { "Type": "Map", "ItemsPath": "$.pairs",
          "MaxConcurrency": 2, "End": true,
          "ItemProcessor": { "StartAt": "Add", "States": { "Add": { "Type": "Task",
            "Resource": "ordo:task:Add", "End": true } } } } } }
        """);
    JsonArray pairs = new JsonArray();
    for (int i = 0; i < 5; i++) {
      pairs.add(new JsonArray().add(i).add(10));
    }
    String id = machines.start("Each", new JsonObject().put("pairs", pairs));

    JsonObject execution = machines.await(id, "SUCCEEDED");
    assertEquals(
        new JsonArray().add(10).add(11).add(12).add(13).add(14), execution.getValue("output"));
  }
}
