package io.ordo.deploy.statemachine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.ordo.deploy.Api;
import io.ordo.deploy.OrdoNode;
import io.ordo.deploy.TestNode;
import io.ordo.testing.TestDatabase;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A Task state whose Resource names a script ({@code ordo:js:<path>}), inside a Parallel state. */
class ScriptStateTest {
  static final String WITH_SCRIPT =
      """
      { "StartAt": "Both", "States": { "Both": { "Type": "Parallel", "End": true, "Branches": [
      { "StartAt": "Add", "States": { "Add": { "Type": "Task",
        "Resource": "arn:aws:states:us-east-1:123456789012:activity:Add", "End": true } } },
      { "StartAt": "Multiply", "States": { "Multiply": { "Type": "Task",
        "Resource": "ordo:js:math/multiply.js", "End": true } } } ] } } }
      """;

  @TempDir static Path scripts;
  private OrdoNode node;
  private Api api;
  private Machines machines;

  @BeforeEach
  void start() throws IOException {
    TestDatabase.truncate();
    Files.createDirectories(scripts.resolve("math"));
    Files.writeString(
        scripts.resolve("math/multiply.js"),
        "let input; function setParameter(p) { input = p.input; }\n"
            + "function run() { context.setResult(input[0] * input[1]); }\n");
    node = TestNode.start(TestNode.environment("ORDO_SCRIPTS_DIR", scripts.toString()));
    api = new Api(node.httpPort(), TestNode.OPERATOR);
    machines = new Machines(api);
  }

  @AfterEach
  void stop() {
    api.close();
    node.close();
  }

  @Test
  void aScriptTaskInAParallelState_runsBesideAJavaTask() {
    machines.put("WithScript", WITH_SCRIPT);
    String id = machines.start("WithScript", new JsonArray().add(3).add(2));

    JsonObject execution = machines.await(id, "SUCCEEDED");

    assertEquals(new JsonArray().add(5).add(6), execution.getValue("output"));
    JsonObject multiply = api.get("/tasks/" + machines.message(id, "Multiply")).json();
    assertEquals("math/multiply.js", multiply.getString("jsPath"));
  }

  @Test
  void aDefinitionNamingAMissingScript_isRefused() {
    Api.Reply reply =
        api.put(
            "/state-machines/Missing",
            new JsonObject()
                .put(
                    "definition",
                    new JsonObject(WITH_SCRIPT.replace("math/multiply.js", "math/missing.js"))));
    assertEquals(400, reply.status(), reply.body().toString());
    assertEquals("invalid_definition", reply.code());
    assertTrue(
        reply.body().toString().contains("names a script that is not in the scripts directory"),
        reply.body().toString());
  }
}
