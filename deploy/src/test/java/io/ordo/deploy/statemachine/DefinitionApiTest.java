package io.ordo.deploy.statemachine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.ordo.deploy.Api;
import io.ordo.deploy.OrdoNode;
import io.ordo.deploy.TestNode;
import io.ordo.testing.TestDatabase;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * {@code PUT/GET /state-machines/{name}}: definitions are validated when saved, every problem is
 * answered with its JSON path, and nothing invalid is stored. No task runs here, so one node serves
 * every test.
 */
class DefinitionApiTest {
  private static final String VALID =
      """
      { "StartAt": "Add", "States": { "Add": { "Type": "Task", "Resource": "ordo:task:Add",
        "End": true } } }
      """;

  private static OrdoNode node;
  private static Api api;

  @BeforeAll
  static void startNode() {
    TestDatabase.truncate();
    node = TestNode.start();
    api = new Api(node.httpPort(), TestNode.OPERATOR);
  }

  @AfterAll
  static void stopNode() {
    api.close();
    node.close();
  }

  @BeforeEach
  void clean() {
    TestDatabase.execute(
        connection -> {
          connection.createStatement().execute("DELETE FROM ordo_state_machine");
          return null;
        });
  }

  @Test
  void put_creates201_replaces200_andGetAnswersTheStoredDefinition() {
    Api.Reply created = put("Math", new JsonObject(VALID));
    assertEquals(201, created.status(), created.body().toString());
    assertEquals("/api/v1/state-machines/Math", created.headers().get("Location"));
    assertEquals(1, created.json().getInteger("revision"));

    // The definition may also come as a JSON string, as Step Functions' API takes it.
    Api.Reply replaced = put("Math", VALID.replace("ordo:task:Add", "ordo:task:Subtract"));
    assertEquals(200, replaced.status(), replaced.body().toString());
    assertEquals(2, replaced.json().getInteger("revision"));

    Api.Reply got = api.get("/state-machines/Math");
    assertEquals(200, got.status());
    assertEquals(
        "ordo:task:Subtract",
        got.json()
            .getJsonObject("definition")
            .getJsonObject("States")
            .getJsonObject("Add")
            .getString("Resource"));
    assertNotNull(got.json().getString("creationDate"));
    assertEquals(404, api.get("/state-machines/Unknown").status());
    assertEquals("not_found", api.get("/state-machines/Unknown").code());
  }

  @Test
  void everyKindOfError_isListedWithItsPath_andNothingIsStored() {
    String definition =
        """
        { "StartAt": "Start", "States": {
          "Start": { "Type": "Pass", "Next": "Nowhere" },
          "NoEnd": { "Type": "Pass" },
          "Orphan": { "Type": "Pass", "End": true },
          "BadPath": { "Type": "Pass", "InputPath": "$.a.length()", "End": true },
          "Unknown": { "Type": "Task", "Resource": "ordo:task:NoSuchTask", "End": true },
          "P": { "Type": "Parallel", "End": true, "Branches": [
            { "StartAt": "Inside", "States": {
              "Inside": { "Type": "Pass", "Next": "Orphan" } } } ] },
          "IntoBranch": { "Type": "Pass", "Next": "Inside" } } }
        """;
    Api.Reply reply = put("Broken", new JsonObject(definition));

    assertEquals(400, reply.status(), reply.body().toString());
    assertEquals("invalid_definition", reply.code());
    List<JsonObject> errors =
        reply.json().getJsonArray("errors").stream().map(e -> (JsonObject) e).toList();
    assertError(errors, "$.States.Start.Next", "Nowhere"); // unknown Next
    assertError(errors, "$.States.NoEnd", "Next or End"); // neither Next nor End
    assertError(errors, "$.States.Orphan", "reachable"); // unreachable state
    assertError(errors, "$.States.BadPath.InputPath", ""); // bad path syntax
    assertError(errors, "$.States.Unknown.Resource", "NoSuchTask"); // unknown Resource
    assertError(errors, "$.States.P.Branches[0].States.Inside.Next", "branch"); // out of a branch
    assertError(errors, "$.States.IntoBranch.Next", "branch"); // into a branch
    assertEquals(404, api.get("/state-machines/Broken").status(), "nothing invalid is stored");
  }

  @Test
  void anInvalidReplacement_keepsTheStoredDefinition() {
    assertEquals(201, put("Keep", new JsonObject(VALID)).status());
    Api.Reply refused = put("Keep", new JsonObject("{\"StartAt\": \"X\", \"States\": {}}"));
    assertEquals(400, refused.status());
    assertError(
        refused.json().getJsonArray("errors").stream().map(e -> (JsonObject) e).toList(),
        "$.States",
        "");
    assertEquals(1, api.get("/state-machines/Keep").json().getInteger("revision"));
  }

  @Test
  void aDefinitionThatIsNoJsonObject_isAnInvalidDefinitionAtTheRoot() {
    for (Object definition : new Object[] {"{ not json", "[1, 2]", 42, new JsonArray()}) {
      Api.Reply reply = put("Odd", definition);
      assertEquals(400, reply.status(), definition + ": " + reply.body());
      assertEquals("invalid_definition", reply.code());
      assertEquals(
          "$",
          reply.json().getJsonArray("errors").getJsonObject(0).getString("path"),
          reply.body().toString());
    }
    Api.Reply missing = api.put("/state-machines/Odd", new JsonObject());
    assertEquals(400, missing.status());
    assertEquals("invalid_request", missing.code());
  }

  @Test
  void aDefinitionSentAsAString_isHeldToTheValuesOfABody_andNothingOfItIsStored() {
    String pass =
        "{ \"StartAt\": \"%s\", \"States\": { \"%s\": { \"Type\": \"Pass\",%s \"End\": true } } }";
    for (String[] bad :
        new String[][] {
          {pass.formatted("A\\u0000", "A\\u0000", ""), "NUL"},
          {pass.formatted("A\\ud800", "A\\ud800", ""), "surrogate"},
          {pass.formatted("A", "A", " \"Result\": 1e400,"), "finite"},
          {pass.formatted("A", "A", " \"Result\": 1, \"Result\": 2,"), "twice"},
          // comments are no JSON, inside a string as in a body
          {pass.formatted("A", "A", " /* c */"), "not valid JSON"}
        }) {
      Api.Reply reply = put("Text", bad[0]);
      assertEquals(400, reply.status(), bad[0] + ": " + reply.body());
      assertTrue(reply.body().toString().contains(bad[1]), bad[0] + ": " + reply.body());
    }
    assertEquals(404, api.get("/state-machines/Text").status());
    assertEquals(201, put("Text", pass.formatted("A", "A", "")).status());
  }

  @Test
  void names_roles_andTenants() {
    assertEquals("invalid_request", put("bad:name", new JsonObject(VALID)).code());
    Api.Reply bySubmitter =
        api.as(TestNode.SUBMITTER)
            .put("/state-machines/Math", new JsonObject().put("definition", new JsonObject(VALID)));
    assertEquals(403, bySubmitter.status(), "only operators define state machines");
    assertEquals(201, put("Math", new JsonObject(VALID)).status());
    assertEquals(200, api.as(TestNode.SUBMITTER).get("/state-machines/Math").status());
    assertEquals(
        404,
        api.as(TestNode.OTHER_TENANT).get("/state-machines/Math").status(),
        "another tenant's state machine does not exist for it");
  }

  private static Api.Reply put(String name, Object definition) {
    return api.put("/state-machines/" + name, new JsonObject().put("definition", definition));
  }

  private static void assertError(List<JsonObject> errors, String path, String words) {
    assertTrue(
        errors.stream()
            .anyMatch(
                e -> e.getString("path").equals(path) && e.getString("message").contains(words)),
        "no error at " + path + " mentioning '" + words + "' in " + errors);
  }
}
