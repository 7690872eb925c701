package io.ordo.deploy.scripts;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.ordo.deploy.Api;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.io.IOException;
import java.nio.file.Files;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A runner rejects a script's message, as it would a Java task's: the message goes back to wait
 * (never failed), the script's {@code taskRejected(event)} is called when the script could be
 * loaded, and a script removed after its registration is rejected until it is back.
 */
class ScriptRejectionTest extends ScriptNodeTest {
  @Override
  protected void reset() {
    ScriptFiles.write(scripts, "marker.js", ScriptFiles.MARKER);
    ScriptFiles.write(
        scripts,
        "refuses.js",
        """
        let key;
        function setParameter(p) { key = p.key; throw new Error('not this parameter'); }
        function run() { context.setResult('must not run'); }
        function taskRejected(event) {
          WorkManager.addSerializedTask('observed', 'marker.js',
              {key: key, type: event.type, error: event.error, message: event.message}, false);
        }
        """);
    ScriptFiles.write(scripts, "vanishing.js", VANISHING);
  }

  private static final String VANISHING = "function run() { context.setResult('back'); }\n";

  @Test
  void aScriptWhoseSetParameterThrows_isRejected_andToldSoInTaskRejected() {
    tasks.addSerialQueue("observed", false);
    String id = tasks.parallelScript("refuses.js", new JsonObject().put("key", "refused"));

    JsonObject event = ScriptFiles.awaitMarker(api, "refused");
    assertEquals("TASK_REJECTED", event.getString("type"));
    assertEquals(true, event.getBoolean("error"));
    assertTrue(event.getString("message").contains("setParameter threw"), event.encode());
    assertTrue(event.getString("message").contains("not this parameter"), event.encode());

    List<String> events = tasks.eventTypes(id);
    assertTrue(events.contains("TaskRejected"), events.toString());
    assertTrue(
        !events.contains("TaskStarted") && !events.contains("TaskFailed"), events.toString());
    assertTrue(
        List.of("WAITING", "READY").contains(api.get("/tasks/" + id).json().getString("state")),
        "a rejected message waits to be tried again");
  }

  @Test
  void aScriptRemovedAfterItsRegistration_isRejected_notFailed_andRunsOnceItIsBack()
      throws IOException {
    tasks.addSerialQueue("later", false);
    Api.Reply registered =
        api.post("/serial-queues/later/tasks", new JsonObject().put("jsPath", "vanishing.js"));
    assertEquals(201, registered.status(), registered.body().toString());
    String id = registered.json().getString("messageId");
    Files.delete(scripts.resolve("vanishing.js"));

    Api.Reply activated =
        api.put("/serial-queues/later/active", new JsonObject().put("active", true));
    assertTrue(activated.status() < 300, activated.body().toString());
    JsonObject rejected =
        api.await(
                "/tasks/" + id + "/history",
                r -> rejection(r.json()) != null,
                Duration.ofSeconds(20))
            .json();
    String reason =
        rejection(rejected).getJsonObject("taskRejectedEventAttributes").getString("reason");
    assertTrue(reason.contains("vanishing.js"), reason);
    assertEquals("WAITING", api.get("/tasks/" + id).json().getString("state"));

    ScriptFiles.write(scripts, "vanishing.js", VANISHING);
    JsonObject done = tasks.await(id, "DISPOSED");
    assertEquals("COMPLETED", done.getJsonObject("outcome").getString("type"), done.encode());
    assertEquals("back", done.getJsonObject("outcome").getString("result"));
  }

  private static JsonObject rejection(JsonObject historyPage) {
    for (Object event : historyPage.getJsonArray("events", new JsonArray())) {
      if ("TaskRejected".equals(((JsonObject) event).getString("eventType"))) {
        return (JsonObject) event;
      }
    }
    return null;
  }
}
