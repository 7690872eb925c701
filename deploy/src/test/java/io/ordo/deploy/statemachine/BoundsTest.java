package io.ordo.deploy.statemachine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.ordo.deploy.Api;
import io.ordo.deploy.OrdoNode;
import io.ordo.deploy.TestNode;
import io.ordo.testing.TestDatabase;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The bounds of state-machine executions (README "State machine bounds"): large legitimate
 * executions run, and every execution that goes past a bound fails cleanly — FAILED with a clear
 * error, never a 500, never left RUNNING.
 */
class BoundsTest {
  private OrdoNode node;
  private Api api;
  private Machines machines;

  @BeforeEach
  void start() {
    TestDatabase.truncate();
    startNode(TestNode.environment());
  }

  @AfterEach
  void stop() {
    api.close();
    node.close();
  }

  private void startNode(Map<String, String> environment) {
    node = TestNode.start(environment);
    api = new Api(node.httpPort(), TestNode.OPERATOR);
    machines = new Machines(api);
  }

  @Test
  void aChainOf1500PassStates_succeeds() {
    machines.put("Chain", chainOfPassStates(1500).encode());

    String id = machines.start("Chain", new JsonObject().put("n", 1));

    JsonObject execution = machines.await(id, "SUCCEEDED");
    assertEquals(new JsonObject().put("n", 1), execution.getValue("output"));
    // ExecutionStarted, an entered and an exited event per state, ExecutionSucceeded.
    assertEquals(2 + 2 * 1500, machines.history(id).size());
  }

  @Test
  void aDefinitionOf20000States_isSaved_andAnUnknownTaskTypeInItIsStillFound() {
    // About 0.8 MB, under the body limit. Its check once took 30 s on the event loop.
    JsonObject definition = chainOfPassStates(20_000);
    JsonObject states = definition.getJsonObject("States");
    Api.Reply saved =
        api.put("/state-machines/Long", new JsonObject().put("definition", definition));
    assertEquals(201, saved.status(), () -> saved.body().toString());

    states.put(
        "S19999",
        new JsonObject()
            .put("Type", "Task")
            .put("Resource", "ordo:task:NoSuchTask")
            .put("End", true));
    Api.Reply refused =
        api.put("/state-machines/Long", new JsonObject().put("definition", definition));
    assertEquals(400, refused.status(), () -> refused.body().toString());
    assertEquals("invalid_definition", refused.code());
    assertTrue(refused.body().toString().contains("NoSuchTask"), () -> refused.body().toString());
  }

  @Test
  void aMapOver3000Items_succeeds() {
    machines.put(
        "Each",
        """
        { "StartAt": "Each", "States": { "Each": { "Type": "Map", "ItemsPath": "$.items",
          "End": true, "ItemProcessor": { "StartAt": "Twice", "States": { "Twice": {
            "Type": "Pass", "Parameters": { "item.$": "$" }, "End": true } } } } } }
        """);
    JsonArray items = new JsonArray();
    for (int i = 0; i < 3000; i++) {
      items.add(i);
    }

    String id = machines.start("Each", new JsonObject().put("items", items));

    JsonArray output = (JsonArray) machines.await(id, "SUCCEEDED").getValue("output");
    assertEquals(3000, output.size());
    assertEquals(new JsonObject().put("item", 2999), output.getValue(2999));
  }

  @Test
  void aParallelOf1000Branches_succeeds_andAStopOfOneThatWaits_abortsEveryBranch() {
    machines.put("Fan", parallel(1000, "{ \"Type\": \"Pass\", \"Result\": %d, \"End\": true }"));
    String id = machines.start("Fan", new JsonObject());
    JsonArray output = (JsonArray) machines.await(id, "SUCCEEDED").getValue("output");
    assertEquals(1000, output.size());
    assertEquals(999, output.getValue(999));

    machines.put(
        "FanWait",
        parallel(
            1000, "{ \"Type\": \"Wait\", \"Seconds\": 3600, \"Comment\": \"%d\", \"End\": true }"));
    String waiting = machines.start("FanWait", new JsonObject());
    assertEquals("RUNNING", machines.get(waiting).getString("status"));
    Api.Reply stopped = api.post("/executions/" + waiting + "/stop", new JsonObject());
    assertEquals(200, stopped.status(), stopped.body().toString());
    assertEquals("ABORTED", stopped.json().getString("status"));
    assertEquals(1000, Machines.count(machines.history(waiting), "WaitStateAborted"));
    machines.awaitQuiet(waiting);
  }

  @Test
  void aPassStateThatLoopsOnItself_failsOnTheTransitionsOfOneStep() {
    machines.put(
        "Spin",
        // A loop with a way out that the input never takes (a loop without one is refused).
        """
        { "StartAt": "A", "States": { "A": { "Type": "Pass", "Next": "Loop" },
          "Loop": { "Type": "Choice", "Choices": [ { "Variable": "$.stop", "IsPresent": true,
            "Next": "Done" } ], "Default": "A" },
          "Done": { "Type": "Succeed" } } }
        """);
    String id = machines.start("Spin", new JsonObject());

    JsonObject execution = machines.await(id, "FAILED");
    assertEquals("States.Runtime", execution.getString("error"));
    assertTrue(
        execution.getString("cause").contains("state-machines.max-transitions-per-step"),
        execution.getString("cause"));
    machines.awaitQuiet(id);
  }

  @Test
  void aTaskStateThatLoopsOnItself_failsWhenItsHistoryReachesTheBound() {
    stop();
    startNode(TestNode.environment("ORDO_MAX_HISTORY_EVENTS", "100"));
    machines.put(
        "Again",
        """
        { "StartAt": "T", "States": {
          "T": { "Type": "Task", "Resource": "ordo:task:Echo", "Next": "Loop" },
          "Loop": { "Type": "Choice", "Choices": [ { "Variable": "$.stop", "IsPresent": true,
            "Next": "Done" } ], "Default": "T" },
          "Done": { "Type": "Succeed" } } }
        """);
    String id = machines.start("Again", new JsonObject().put("x", 1));

    JsonObject execution = machines.await(id, "FAILED");
    assertEquals("States.Runtime", execution.getString("error"));
    assertTrue(
        execution.getString("cause").contains("limit of 100 events"), execution.getString("cause"));
    machines.awaitQuiet(id);
    List<JsonObject> events = machines.history(id);
    // The history stops at the bound; only the events that close it come on top.
    assertTrue(events.size() >= 100 && events.size() <= 103, "events: " + events.size());
    assertEquals("ExecutionFailed", events.get(events.size() - 1).getString("eventType"));
    // Each round is 7 events: 5 of the Task, 2 of the Choice.
    assertTrue(Machines.count(events, "TaskSucceeded") >= 12, Machines.types(events)::toString);
  }

  @Test
  void outputNestedTooDeep_throughAWait_failsTheExecution() {
    machines.put(
        "Deeper",
        """
        { "StartAt": "W", "States": {
          "W": { "Type": "Wait", "Seconds": 0, "Next": "Wrap" },
          "Wrap": { "Type": "Pass", "Parameters": { "a.$": "$" }, "Next": "Loop" },
          "Loop": { "Type": "Choice", "Choices": [ { "Variable": "$.stop", "IsPresent": true,
            "Next": "Done" } ], "Default": "W" },
          "Done": { "Type": "Succeed" } } }
        """);
    String id = machines.start("Deeper", nested(505));

    JsonObject execution = machines.await(id, "FAILED");
    assertEquals("States.DataLimitExceeded", execution.getString("error"));
    assertTrue(
        execution.getString("cause").contains("nested more than 512 levels"),
        execution.getString("cause"));
    assertFalse(execution.getString("cause").contains("Jackson"), execution.getString("cause"));
    machines.awaitQuiet(id);
    assertEquals(
        "ExecutionFailed",
        Machines.types(machines.history(id)).get(machines.history(id).size() - 1));
  }

  @Test
  void anInputNestedTooDeep_isRefusedWith400() {
    machines.put("Pass", Machines.PASS);
    Api.Reply refused =
        api.post("/state-machines/Pass/executions", new JsonObject().put("input", nested(600)));
    assertEquals(400, refused.status(), refused.body().toString());
    assertEquals("invalid_request", refused.code());
    assertTrue(refused.json().getString("detail").contains("512"), refused.body().toString());
  }

  @Test
  void dataAnIntrinsicMakesThatCannotBeStored_failsWithStatesRuntime_inTheFirstStepOrALaterOne() {
    // 'AAAA' decodes to three NUL characters, which PostgreSQL's jsonb cannot hold; 1e400 is an
    // infinity. Both once answered a start with a 500, or left an execution RUNNING for ever.
    String nul = "{ \"x.$\": \"States.Base64Decode('AAAA')\" }";
    String infinite = "{ \"x.$\": \"States.StringToJson('1e400')\" }";
    for (String parameters : List.of(nul, infinite)) {
      String made = "{ \"Type\": \"Pass\", \"Parameters\": " + parameters + ", \"End\": true }";
      machines.put("Made", "{ \"StartAt\": \"P\", \"States\": { \"P\": " + made + " } }");
      machines.put(
          "MadeLater",
          "{ \"StartAt\": \"W\", \"States\": { \"W\": { \"Type\": \"Wait\", \"Seconds\": 1,"
              + " \"Next\": \"P\" }, \"P\": "
              + made
              + " } }");
      for (String machine : List.of("Made", "MadeLater")) {
        String id = machines.start(machine, new JsonObject());
        JsonObject execution = machines.await(id, "FAILED");
        assertEquals("States.Runtime", execution.getString("error"), machine + " " + parameters);
        assertTrue(
            execution.getString("cause").contains("cannot be stored: /x"),
            execution.getString("cause"));
        machines.awaitQuiet(id);
      }
    }
  }

  @Test
  void waitSecondsPath_pastItsRange_failsWithStatesRuntime() {
    machines.put(
        "Sleepy",
        """
        { "StartAt": "W", "States": { "W": { "Type": "Wait", "SecondsPath": "$.s",
          "End": true } } }
        """);
    // 1e20 and 1e308, whole numbers past 64 bits, are refused with the start's request
    List<Object> values = List.of(9.2e18, 1e18, -1, 100_000_000, 1.5, "10");
    for (Object value : values) {
      String id = machines.start("Sleepy", new JsonObject().put("s", value));
      JsonObject execution = machines.await(id, "FAILED");
      assertEquals("States.Runtime", execution.getString("error"), value::toString);
      assertTrue(
          execution.getString("cause").contains("from 0 to 99999999"),
          execution.getString("cause"));
    }
    String id = machines.start("Sleepy", new JsonObject().put("s", 99_999_999));
    assertEquals("RUNNING", machines.get(id).getString("status"));
    assertEquals(200, api.post("/executions/" + id + "/stop", new JsonObject()).status());
  }

  @Test
  void waitSeconds_pastItsRange_isAnInvalidDefinition() {
    // 2^64 + 5 never reaches the validator: every body's integers must fit 64 bits (Bounds)
    for (String seconds : List.of("100000000", "-1")) {
      Api.Reply refused =
          api.put(
              "/state-machines/Long",
              new JsonObject()
                  .put(
                      "definition",
                      new JsonObject(
                          "{ \"StartAt\": \"W\", \"States\": { \"W\": { \"Type\": \"Wait\","
                              + " \"Seconds\": "
                              + seconds
                              + ", \"End\": true } } }")));
      assertEquals(400, refused.status(), seconds + ": " + refused.body());
      assertEquals("invalid_definition", refused.code());
    }
  }

  @Test
  void aPathNestedTooDeep_isAnInvalidDefinition_notAnInternalError() {
    // each of these once overflowed the path reader's stack: a 500
    for (String path :
        List.of(
            "$.a[?(" + "(".repeat(20_000) + "@.b" + ")".repeat(20_000) + ")]",
            "$.a[?(@.b == " + "$.c[?(".repeat(3_000) + "@.d" + ")]".repeat(3_000) + ")]")) {
      JsonObject definition =
          new JsonObject(
              "{ \"StartAt\": \"P\", \"States\": { \"P\": { \"Type\": \"Pass\","
                  + " \"End\": true } } }");
      definition
          .getJsonObject("States")
          .getJsonObject("P")
          .put("Parameters", new JsonObject().put("x.$", path));
      Api.Reply refused =
          api.put("/state-machines/Deep", new JsonObject().put("definition", definition));
      assertEquals(400, refused.status(), () -> refused.body().toString());
      assertEquals("invalid_definition", refused.code());
      assertTrue(
          refused.body().toString().contains("more than 32 levels deep"),
          () -> refused.body().toString());
      // the path is quoted cut short, not echoed whole (twice: as the field's and the filter's)
      assertTrue(refused.body().toString().length() < 2_000, () -> refused.body().toString());
    }
  }

  @Test
  void aWaitDecadesAhead_waits_atTheStartAndAfterATask_andCanBeStopped() {
    // a timer's milliseconds far ahead once overflowed a long's nanoseconds (292 years): the start
    // answered 500 after saving the execution, and the decider failed to advance. A Wait may now
    // lie up to 2^31 - 1 seconds (about 68 years) ahead, as in Step Functions: 60 years here
    String decadesAhead = Instant.now().plus(Duration.ofDays(60 * 365)).toString();
    machines.put(
        "Decades",
        """
        { "StartAt": "W", "States": { "W": { "Type": "Wait",
            "Timestamp": "%s", "End": true } } }"""
            .formatted(decadesAhead));
    machines.put(
        "DecadesAfterATask",
        """
        { "StartAt": "T", "States": {
            "T": { "Type": "Task", "Resource": "ordo:task:Echo", "ResultPath": null,
                   "Next": "W" },
            "W": { "Type": "Wait", "TimestampPath": "$.until", "End": true } } }""");

    String atStart = machines.start("Decades", new JsonObject());
    String afterTask =
        machines.start("DecadesAfterATask", new JsonObject().put("until", decadesAhead));

    for (String id : List.of(atStart, afterTask)) {
      machines.awaitEvents(id, "WaitStateEntered", 1);
      assertEquals("RUNNING", machines.get(id).getString("status"));
      Api.Reply stopped = api.post("/executions/" + id + "/stop", null);
      assertEquals(200, stopped.status(), () -> stopped.body().toString());
      assertEquals("ABORTED", stopped.json().getString("status"));
      List<String> types = machines.eventTypes(id);
      assertTrue(types.contains("WaitStateAborted"), types::toString);
    }
  }

  @Test
  void aWaitCenturiesAhead_failsTheExecutionWithStatesRuntime_atTheStartAndAfterATask() {
    machines.put(
        "Forever",
        """
        { "StartAt": "W", "States": { "W": { "Type": "Wait",
            "Timestamp": "9999-12-31T23:59:59Z", "End": true } } }""");
    machines.put(
        "ForeverAfterATask",
        """
        { "StartAt": "T", "States": {
            "T": { "Type": "Task", "Resource": "ordo:task:Echo", "ResultPath": null,
                   "Next": "W" },
            "W": { "Type": "Wait", "TimestampPath": "$.until", "End": true } } }""");

    String atStart = machines.start("Forever", new JsonObject());
    String afterTask =
        machines.start("ForeverAfterATask", new JsonObject().put("until", "2400-01-01T00:00:00Z"));

    for (String id : List.of(atStart, afterTask)) {
      JsonObject failed = machines.await(id, "FAILED");
      assertEquals("States.Runtime", failed.getString("error"));
      assertTrue(
          failed.getString("cause").startsWith("Wait state delay is too long"), failed::toString);
    }
  }

  @Test
  void aDefinitionProblemQuotingAHugeName_isCutShort_notEchoedWhole() {
    String huge = "x".repeat(500_000);
    for (JsonObject state :
        List.of(
            new JsonObject().put("Type", "Pass").put("Next", huge),
            new JsonObject().put("Type", huge),
            new JsonObject().put("Type", "Wait").put("Timestamp", huge).put("End", true))) {
      JsonObject definition =
          new JsonObject().put("StartAt", "A").put("States", new JsonObject().put("A", state));
      Api.Reply refused =
          api.put("/state-machines/Huge", new JsonObject().put("definition", definition));
      assertEquals(400, refused.status());
      assertEquals("invalid_definition", refused.code());
      // before: each refusal echoed the name twice, about a megabyte
      assertTrue(refused.body().toString().length() < 3_000, () -> refused.code());
    }
  }

  @Test
  void choiceRulesNestedPast100Levels_areAnInvalidDefinition_notAnInternalError() {
    // 990 levels of Not fit a body's 1,000 levels, and once overflowed the checks' stack: a 500
    String definition =
        "{\"definition\": {\"StartAt\": \"C\", \"States\": {\"C\": {\"Type\": \"Choice\","
            + " \"Default\": \"D\", \"Choices\": [{\"Next\": \"D\", \"Not\": "
            + "{\"Not\": ".repeat(989)
            + "{\"Variable\": \"$.a\", \"IsNull\": true}"
            + "}".repeat(990)
            + "]}, \"D\": {\"Type\": \"Succeed\"}}}}";
    Api.Reply refused = api.put("/state-machines/Deep", definition);
    assertEquals(400, refused.status(), () -> refused.body().toString());
    assertEquals("invalid_definition", refused.code());
    assertTrue(
        refused.body().toString().contains("more than 100 levels of And, Or and Not"),
        () -> refused.body().toString());
  }

  @Test
  void aTaskState_neverHandsItsTaskAParameterThatRegistrationRefuses() {
    machines.put(
        "Big",
        """
        { "StartAt": "T", "States": { "T": { "Type": "Task", "Resource": "ordo:task:Echo",
          "Parameters": { "a.$": "$.s", "b.$": "$.s" }, "End": true } } }
        """);
    String large = machines.start("Big", new JsonObject().put("s", "x".repeat(600_000)));
    machines.put(
        "Deep",
        "{ \"StartAt\": \"T\", \"States\": { \"T\": { \"Type\": \"Task\","
            + " \"Resource\": \"ordo:task:Echo\", \"End\": true } } }");
    String deep = machines.start("Deep", nested(70));

    for (String id : List.of(large, deep)) {
      JsonObject execution = machines.await(id, "FAILED");
      assertEquals("States.DataLimitExceeded", execution.getString("error"));
      assertTrue(
          execution.getString("cause").startsWith("the parameter of Task state 'T'"),
          execution.getString("cause"));
      assertEquals(0, Machines.count(machines.history(id), "TaskScheduled"));
    }
    assertTrue(machines.get(large).getString("cause").contains("1048576"));
    assertTrue(machines.get(deep).getString("cause").contains("at most 64"));
  }

  /** A Parallel state of {@code count} branches, each one state from a template given its index. */
  private static String parallel(int count, String stateTemplate) {
    JsonArray branches = new JsonArray();
    for (int i = 0; i < count; i++) {
      branches.add(
          new JsonObject()
              .put("StartAt", "B" + i)
              .put(
                  "States",
                  new JsonObject().put("B" + i, new JsonObject(stateTemplate.formatted(i)))));
    }
    return new JsonObject()
        .put("StartAt", "P")
        .put(
            "States",
            new JsonObject()
                .put(
                    "P",
                    new JsonObject()
                        .put("Type", "Parallel")
                        .put("End", true)
                        .put("Branches", branches)))
        .encode();
  }

  /** A definition of {@code length} Pass states S0 → S1 → … in a row, the last one ending it. */
  private static JsonObject chainOfPassStates(int length) {
    JsonObject states = new JsonObject();
    for (int i = 0; i < length; i++) {
      JsonObject pass = new JsonObject().put("Type", "Pass");
      states.put(
          "S" + i, i == length - 1 ? pass.put("End", true) : pass.put("Next", "S" + (i + 1)));
    }
    return new JsonObject().put("StartAt", "S0").put("States", states);
  }

  /** An object nested {@code depth} levels deep. */
  private static JsonObject nested(int depth) {
    JsonObject value = new JsonObject().put("leaf", true);
    for (int i = 1; i < depth; i++) {
      value = new JsonObject().put("a", value);
    }
    return value;
  }
}
