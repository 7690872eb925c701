package io.ordo.deploy.scripts;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;

import io.ordo.deploy.Api;
import io.vertx.core.json.JsonObject;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Heartbeats of scripts: the shipped {@code heartbeat.js} sample reports its progress and runs to
 * completion under a HEARTBEAT timeout, and a script that stops heartbeating is timed out (and
 * really ended) by it. Heartbeats are not history events (as in SWF): they are seen on the running
 * task ({@code heartbeatDetails}).
 */
class ScriptHeartbeatTest extends ScriptNodeTest {
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
    ScriptFiles.write(scripts, "heartbeat.js", sample("heartbeat.js"));
    ScriptFiles.write(scripts, "marker.js", ScriptFiles.MARKER);
    ScriptFiles.write(
        scripts,
        "quiet.js",
        "let key;\nfunction setParameter(p) { key = p.key; }\n"
            + "function run() {\n"
            + "  for (let i = 1; i <= 3; i++) { context.heartbeat({beat: i}); }\n"
            + "  for (;;) {}\n" // then never again
            + "}\n"
            + ScriptFiles.OBSERVE_COMPLETION);
    ScriptFiles.write(scripts, "after.js", "function run() { context.setResult('ran'); }\n");
  }

  private static String sample(String name) {
    try (InputStream in =
        ScriptHeartbeatTest.class.getResourceAsStream("/io/ordo/samples/scripts/" + name)) {
      assertNotNull(in, "the sample " + name + " is shipped in the jar");
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private String register(String jsPath, JsonObject parameter, int heartbeatSeconds) {
    Api.Reply registered =
        api.post(
            "/parallel-queue/tasks",
            new JsonObject()
                .put("jsPath", jsPath)
                .put("parameter", parameter)
                .put("timeouts", new JsonObject().put("heartbeat", heartbeatSeconds)));
    assertEquals(201, registered.status(), registered.body().toString());
    return registered.json().getString("messageId");
  }

  @Test
  void theHeartbeatSample_runsToCompletion_underAHeartbeatTimeout() {
    String id = register("heartbeat.js", new JsonObject().put("steps", 25), 30);

    JsonObject done = tasks.await(id, "DISPOSED");
    assertEquals("COMPLETED", done.getJsonObject("outcome").getString("type"), done.encode());
    assertEquals(
        25, done.getJsonObject("outcome").getJsonObject("result").getInteger("steps").intValue());
    assertEquals(
        List.of("TaskScheduled", "TaskAccepted", "TaskStarted", "TaskCompleted"),
        tasks.eventTypes(id));
  }

  @Test
  void theHeartbeatSample_reportsItsProgress_whileItRuns() {
    String id = register("heartbeat.js", new JsonObject().put("steps", 1_000_000_000), 30);

    JsonObject running =
        api.await(
                "/tasks/" + id,
                r ->
                    "RUNNING".equals(r.json().getString("state"))
                        && r.json().getValue("heartbeatDetails") instanceof JsonObject,
                java.time.Duration.ofSeconds(20))
            .json();
    JsonObject details = running.getJsonObject("heartbeatDetails");
    assertEquals(1_000_000_000L, details.getLong("of"), details.encode());
    assertNotNull(running.getString("lastHeartbeatTime"));

    Api.Reply stopped = api.post("/tasks/" + id + "/stop", new JsonObject());
    assertEquals(200, stopped.status(), stopped.body().toString());
    assertEquals("DISPOSED", tasks.await(id, "DISPOSED").getString("state"));
  }

  @Test
  void aScriptThatStopsHeartbeating_isTimedOut_andEnded() {
    tasks.addSerialQueue("observed", false);
    String id = register("quiet.js", new JsonObject().put("key", "quiet"), 1);

    JsonObject timedOut = tasks.await(id, "DISPOSED");
    JsonObject outcome = timedOut.getJsonObject("outcome");
    assertEquals("TIMED_OUT", outcome.getString("type"), timedOut.encode());
    assertEquals("HEARTBEAT", outcome.getString("timeoutType"));
    assertEquals("TASK_COMPLETED", ScriptFiles.awaitMarker(api, "quiet").getString("type"));
    // the runner's only thread is free again: the loop really ended
    String after = tasks.parallelScript("after.js", null);
    assertEquals(
        "ran", tasks.await(after, "DISPOSED").getJsonObject("outcome").getString("result"));
  }
}
