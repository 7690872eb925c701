package io.ordo.deploy.scripts;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.ordo.deploy.Api;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/** JavaScript tasks (SPEC 9.4) through the HTTP API on a real node: lifecycle and failures. */
class ScriptTaskTest extends ScriptNodeTest {
  @Override
  protected void reset() {
    ScriptFiles.write(scripts, "marker.js", ScriptFiles.MARKER);
    ScriptFiles.write(
        scripts,
        "test/recording.js",
        """
        let calls = [];
        let key = null;
        let parameter = null;
        function setParameter(p) { parameter = p; key = p.key; calls.push('setParameter'); }
        function taskAccepted(e) { calls.push(`taskAccepted:${e.type}:${e.error}`); }
        function taskStarted(e) { calls.push(`taskStarted:${e.type}:${e.error}`); }
        const run = () => {
          calls.push('run');
          if (parameter.fail) {
            throw new RangeError('run failed, as asked');
          }
          context.setResult({calls: calls, messageId: context.messageId,
              attempt: context.attempt, tenant: context.tenant, locale: context.locale,
              timeZone: context.timeZone, attributes: context.attributes,
              released: context.isReleased(), numberType: typeof parameter.n,
              one: parameter[1], keys: Object.keys(parameter).sort()});
        };
        """
            + ScriptFiles.OBSERVE_COMPLETION);
  }

  private void observeQueue() {
    tasks.addSerialQueue("observed", false);
  }

  /** The parameter of the marker a script's taskCompleted left for {@code key}. */
  private JsonObject observed(String key) {
    return ScriptFiles.awaitMarker(api, key);
  }

  @Test
  void everyCallbackIsCalled_inTheSeedsOrder_withTheContextAndParameters() {
    observeQueue();
    Api.Reply registered =
        api.post(
            "/parallel-queue/tasks",
            new JsonObject()
                .put("jsPath", "test/recording.js")
                .put("parameter", new JsonObject().put("key", "order").put("n", 7).put("1", "one"))
                .put(
                    "context",
                    new JsonObject()
                        .put("locale", "de-CH")
                        .put("timeZone", "Europe/Zurich")
                        .put("attributes", new JsonObject().put("order", 42))));
    assertEquals(201, registered.status(), registered.body().toString());
    String id = registered.json().getString("messageId");
    assertEquals("test/recording.js", registered.json().getString("jsPath"));

    JsonObject info = tasks.await(id, "DISPOSED");

    assertEquals("COMPLETED", info.getJsonObject("outcome").getString("type"));
    JsonObject result = info.getJsonObject("outcome").getJsonObject("result");
    assertEquals(
        new JsonArray(
            List.of(
                "setParameter", "taskAccepted:TASK_ACCEPTED:false",
                "taskStarted:TASK_STARTED:false", "run")),
        result.getJsonArray("calls"));
    assertEquals(id, result.getString("messageId"));
    assertEquals(1, result.getInteger("attempt"));
    assertEquals("default", result.getString("tenant"));
    assertEquals("de-CH", result.getString("locale"));
    assertEquals("Europe/Zurich", result.getString("timeZone"));
    assertEquals(42, result.getJsonObject("attributes").getInteger("order"));
    assertEquals(false, result.getBoolean("released"));
    assertEquals("number", result.getString("numberType"));
    assertEquals("one", result.getString("one"), "an integer key reads the string key");
    assertEquals(new JsonArray(List.of("1", "key", "n")), result.getJsonArray("keys"));
    assertEquals(
        List.of("TaskScheduled", "TaskAccepted", "TaskStarted", "TaskCompleted"),
        tasks.eventTypes(id));
    JsonObject completed = observed("order");
    assertEquals("TASK_COMPLETED", completed.getString("type"));
    assertEquals(false, completed.getBoolean("error"));
  }

  @Test
  void aScriptThatThrows_failsItsTask_withTheErrorsNameAndMessage() {
    observeQueue();
    String id =
        tasks.parallelScript(
            "test/recording.js", new JsonObject().put("key", "fail").put("fail", true));
    JsonObject info = tasks.await(id, "DISPOSED");

    JsonObject outcome = info.getJsonObject("outcome");
    assertEquals("FAILED", outcome.getString("type"));
    assertEquals("RangeError", outcome.getString("error"));
    JsonObject failed = tasks.history(id).get(3);
    assertEquals("TaskFailed", failed.getString("eventType"));
    assertEquals(
        "run failed, as asked",
        failed.getJsonObject("taskFailedEventAttributes").getString("cause"));
    JsonObject completed = observed("fail");
    assertEquals(true, completed.getBoolean("error"));
  }

  @Test
  void hostilePaths_areRefusedAtRegistration_asUnknownTaskTypes() throws Exception {
    Path outside = Files.createTempFile("outside", ".js");
    Files.writeString(outside, "function run() {}");
    Files.deleteIfExists(scripts.resolve("link-out.js"));
    Files.createSymbolicLink(scripts.resolve("link-out.js"), outside);
    List<String> hostile =
        List.of(
            "../outside.js",
            "test/../../outside.js",
            outside.toString(),
            "/etc/passwd",
            "%2e%2e/outside.js",
            "test%2frecording.js",
            "..\\\\outside.js",
            "test//recording.js",
            "./marker.js",
            "link-out.js",
            "missing.js",
            "test/recording",
            "C:/windows/x.js");
    for (String path : hostile) {
      Api.Reply reply = api.post("/parallel-queue/tasks", new JsonObject().put("jsPath", path));
      assertEquals(400, reply.status(), path + ": " + reply.body());
      assertEquals("unknown_task_type", reply.code(), path + ": " + reply.body());
    }
    // nor does the list offer the link, which no registration could name
    assertFalse(api.get("/task-types").body().toString().contains("link-out.js"));
    // a NUL is refused before any path check, as in every text of a body
    Api.Reply nul =
        api.post("/parallel-queue/tasks", new JsonObject().put("jsPath", "marker.js\u0000.js"));
    assertEquals(400, nul.status(), nul.body().toString());
    assertEquals("invalid_request", nul.code(), nul.body().toString());
    Files.delete(scripts.resolve("link-out.js"));
    Files.delete(outside);
  }

  @Test
  void aScriptThatDoesNotCompile_isRefused_withTheLineAndColumn() {
    ScriptFiles.write(scripts, "broken.js", "function run() {\n  let x = ;\n}\n");
    Api.Reply reply =
        api.post("/parallel-queue/tasks", new JsonObject().put("jsPath", "broken.js"));
    assertEquals(400, reply.status(), reply.body().toString());
    assertEquals("invalid_script", reply.code());
    assertEquals(2, reply.json().getInteger("line"));
    assertTrue(reply.json().getInteger("column") > 0, reply.body().toString());

    ScriptFiles.write(scripts, "norun.js", "function walk() {}\n");
    Api.Reply noRun = api.post("/parallel-queue/tasks", new JsonObject().put("jsPath", "norun.js"));
    assertEquals("invalid_script", noRun.code(), noRun.body().toString());
  }

  @Test
  void aScriptThatNestsTooDeeplyForTheCompiler_isRefusedAsInvalid() {
    ScriptFiles.write(
        scripts, "chain.js", "var x = 1" + "+1".repeat(100_000) + ";\nfunction run() {}\n");
    Api.Reply reply = api.post("/parallel-queue/tasks", new JsonObject().put("jsPath", "chain.js"));
    assertEquals(400, reply.status(), reply.body().toString());
    assertEquals("invalid_script", reply.code(), reply.body().toString());
  }

  @Test
  void aScriptLargerThanTheBound_isRefusedAsInvalid_unread() {
    ScriptFiles.write(scripts, "large.js", " ".repeat(5 * 1024 * 1024) + "function run() {}\n");
    Api.Reply reply = api.post("/parallel-queue/tasks", new JsonObject().put("jsPath", "large.js"));
    assertEquals(400, reply.status(), reply.body().toString());
    assertEquals("invalid_script", reply.code(), reply.body().toString());
    assertTrue(
        reply.json().getString("detail").contains("at most 4194304"), reply.body().toString());
  }

  @Test
  void aScriptThatIsNotUtf8_isListed_andRefusedAsInvalid() throws Exception {
    Files.write(
        scripts.resolve("latin1.js"),
        "// caf\u00e9\nfunction run() {}\n".getBytes(StandardCharsets.ISO_8859_1));
    assertTrue(api.get("/task-types").body().toString().contains("latin1.js"));

    Api.Reply reply =
        api.post("/parallel-queue/tasks", new JsonObject().put("jsPath", "latin1.js"));
    assertEquals(400, reply.status(), reply.body().toString());
    assertEquals("invalid_script", reply.code(), reply.body().toString());
    assertTrue(reply.json().getString("detail").contains("not UTF-8"), reply.body().toString());
  }

  @Test
  void aChangedScript_isCompiledAgain() {
    ScriptFiles.write(scripts, "changing.js", "function run() { context.setResult(1); }\n");
    String first = tasks.parallelScript("changing.js", null);
    assertEquals(1, tasks.await(first, "DISPOSED").getJsonObject("outcome").getInteger("result"));
    ScriptFiles.write(scripts, "changing.js", "function run() { context.setResult('two'); }\n");
    String second = tasks.parallelScript("changing.js", null);
    assertEquals(
        "two", tasks.await(second, "DISPOSED").getJsonObject("outcome").getString("result"));
  }

  @Test
  void taskTypes_listTheScripts() {
    JsonArray types = api.get("/task-types").array();
    assertTrue(
        types.stream()
            .map(JsonObject.class::cast)
            .anyMatch(type -> "test/recording.js".equals(type.getString("jsPath"))),
        types.encode());
  }
}
