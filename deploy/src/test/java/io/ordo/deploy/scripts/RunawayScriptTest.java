package io.ordo.deploy.scripts;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.ordo.deploy.Api;
import io.vertx.core.json.JsonObject;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * A script that loops forever is really ended by a forced stop and by a START_TO_CLOSE timeout: its
 * taskCompleted runs (so run returned) and the runner's only thread runs the next task. A forced
 * stop ends a loop in taskStarted too (it had abandoned the thread to it), and a timeout ends a
 * script stuck in a long built-in, which no instruction check sees (it kept the thread for hours).
 * Removing a READY message ends a loop in its setParameter (it went on after the removal).
 */
class RunawayScriptTest extends ScriptNodeTest {
  @Override
  protected Map<String, String> environment() {
    Map<String, String> env = super.environment();
    env.put("ORDO_MAX_THREADS", "1");
    env.put("ORDO_PREFETCH", "0");
    env.put("ORDO_SCRIPTS_MAX_INSTRUCTIONS", "0");
    return env;
  }

  @Override
  protected void reset() {
    ScriptFiles.write(scripts, "marker.js", ScriptFiles.MARKER);
    ScriptFiles.write(
        scripts,
        "loop.js",
        "let key;\nfunction setParameter(p) { key = p.key; }\n"
            + "function run() { for (;;) { try { while (true) {} } catch (e) {} finally {} } }\n"
            + ScriptFiles.OBSERVE_COMPLETION);
    ScriptFiles.write(
        scripts,
        "loop-before-run.js",
        "let key;\nfunction setParameter(p) { key = p.key; }\n"
            + "function taskStarted() { for (;;) {} }\nfunction run() {}\n"
            + ScriptFiles.OBSERVE_COMPLETION);
    ScriptFiles.write(
        scripts,
        "long-built-in.js",
        "let key;\nfunction setParameter(p) { key = p.key; }\n"
            + "function run() { const a = []; a.length = 4294967295; for (;;) a.lastIndexOf(1); }\n"
            + ScriptFiles.OBSERVE_COMPLETION);
    ScriptFiles.write(
        scripts,
        "loop-in-set-parameter.js",
        """
        function setParameter(p) {
          WorkManager.addSerializedTask('observed', 'marker.js', {key: 'looping'}, false);
          for (;;) {}
        }
        function run() {}
        function taskRejected(event) {
          WorkManager.addSerializedTask('observed', 'marker.js', {key: 'ended'}, false);
        }
        """);
    ScriptFiles.write(scripts, "after.js", "function run() { context.setResult('ran'); }\n");
  }

  private void awaitMarker(String key) {
    ScriptFiles.awaitMarker(api, key);
  }

  @Test
  void aForcedStop_endsAnInfiniteLoop() {
    tasks.addSerialQueue("observed", false);
    String id = tasks.parallelScript("loop.js", new JsonObject().put("key", "stopped"));
    tasks.await(id, "RUNNING");

    Api.Reply stopped = api.post("/tasks/" + id + "/stop", new JsonObject());
    assertEquals(200, stopped.status(), stopped.body().toString());

    awaitMarker("stopped");
    String after = tasks.parallelScript("after.js", null);
    assertEquals(
        "ran", tasks.await(after, "DISPOSED").getJsonObject("outcome").getString("result"));
  }

  @Test
  void aForcedStop_endsAnInfiniteLoopInTaskStarted() {
    tasks.addSerialQueue("observed", false);
    String id =
        tasks.parallelScript("loop-before-run.js", new JsonObject().put("key", "stopped early"));
    tasks.await(id, "RUNNING");

    Api.Reply stopped = api.post("/tasks/" + id + "/stop", new JsonObject());
    assertEquals(200, stopped.status(), stopped.body().toString());

    awaitMarker("stopped early");
    String after = tasks.parallelScript("after.js", null);
    assertEquals(
        "ran", tasks.await(after, "DISPOSED").getJsonObject("outcome").getString("result"));
  }

  @Test
  void aStartToCloseTimeout_endsAScriptInALongBuiltIn() {
    tasks.addSerialQueue("observed", false);
    Api.Reply registered =
        api.post(
            "/parallel-queue/tasks",
            new JsonObject()
                .put("jsPath", "long-built-in.js")
                .put("parameter", new JsonObject().put("key", "built-in timed out"))
                .put("timeouts", new JsonObject().put("startToClose", 1)));
    String id = registered.json().getString("messageId");

    JsonObject info = tasks.await(id, "DISPOSED");
    assertEquals("TIMED_OUT", info.getJsonObject("outcome").getString("type"));
    awaitMarker("built-in timed out");
    String after = tasks.parallelScript("after.js", null);
    assertEquals(
        "ran", tasks.await(after, "DISPOSED").getJsonObject("outcome").getString("result"));
  }

  @Test
  void removingAReadyMessage_endsAnInfiniteLoopInSetParameter() {
    tasks.addSerialQueue("observed", false);
    String id = tasks.parallelScript("loop-in-set-parameter.js", new JsonObject());
    awaitMarker("looping");

    Api.Reply removed = api.delete("/tasks/" + id);
    assertEquals(204, removed.status(), removed.body().toString());

    awaitMarker("ended"); // setParameter was ended, so the runner told taskRejected
  }

  @Test
  void aStartToCloseTimeout_endsAnInfiniteLoop() {
    tasks.addSerialQueue("observed", false);
    Api.Reply registered =
        api.post(
            "/parallel-queue/tasks",
            new JsonObject()
                .put("jsPath", "loop.js")
                .put("parameter", new JsonObject().put("key", "timed-out"))
                .put("timeouts", new JsonObject().put("startToClose", 1)));
    String id = registered.json().getString("messageId");

    JsonObject info = tasks.await(id, "DISPOSED");
    assertEquals("TIMED_OUT", info.getJsonObject("outcome").getString("type"));
    awaitMarker("timed-out");
    String after = tasks.parallelScript("after.js", null);
    assertEquals(
        "ran", tasks.await(after, "DISPOSED").getJsonObject("outcome").getString("result"));
  }
}
