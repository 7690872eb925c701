package io.ordo.deploy.scripts;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.vertx.core.json.JsonObject;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A task whose error or result carries a NUL character, which PostgreSQL's jsonb refuses: its
 * message ends as any other, the NUL shown as U+FFFD, and the runner goes on reporting. (Before,
 * the report batch failed on the insert and the runner retried it forever, reporting nothing
 * again.)
 */
class NulInReportsTest extends ScriptNodeTest {
  @Override
  protected void reset() {
    ScriptFiles.write(
        scripts, "nul-error.js", "function run() { throw new Error('bad \\u0000 byte'); }\n");
    ScriptFiles.write(
        scripts, "nul-result.js", "function run() { context.setResult({text: 'a\\u0000b'}); }\n");
  }

  @Test
  void aNulInAnErrorOrAResult_endsTheMessage_andTheRunnerGoesOnReporting() {
    String failing = tasks.parallelScript("nul-error.js", new JsonObject());
    String returning = tasks.parallelScript("nul-result.js", new JsonObject());

    JsonObject failed = tasks.await(failing, "DISPOSED");
    assertEquals("FAILED", failed.getJsonObject("outcome").getString("type"), failed.encode());
    JsonObject taskFailed = last(tasks.history(failing));
    assertEquals("TaskFailed", taskFailed.getString("eventType"));
    assertTrue(taskFailed.encode().contains("bad \uFFFD byte"), taskFailed.encode());

    JsonObject completed = tasks.await(returning, "DISPOSED");
    assertEquals(
        new JsonObject().put("text", "a\uFFFDb"),
        completed.getJsonObject("outcome").getValue("result"),
        completed.encode());

    String after = tasks.parallel("Echo", new JsonObject().put("n", 1));
    assertEquals(
        "COMPLETED", tasks.await(after, "DISPOSED").getJsonObject("outcome").getString("type"));
  }

  private static JsonObject last(List<JsonObject> events) {
    return events.get(events.size() - 1);
  }
}
