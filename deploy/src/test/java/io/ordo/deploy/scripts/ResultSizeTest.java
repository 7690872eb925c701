package io.ordo.deploy.scripts;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.vertx.core.json.JsonObject;
import org.junit.jupiter.api.Test;

/**
 * A result or heartbeat details larger than {@code limits.result-bytes} (1 MiB by default): the
 * task's {@code setResult} or {@code heartbeat} throws a TypeError naming the size and the limit,
 * so the task fails like any script error and nothing of the value is stored, while a result under
 * the limit is stored whole. (Before, any size was stored and carried through the runner, the event
 * bus and the statement as it was.)
 */
class ResultSizeTest extends ScriptNodeTest {
  private static final int OVER = 1024 * 1024 + 100;
  private static final int UNDER = 1_000_000;

  @Override
  protected void reset() {
    ScriptFiles.write(
        scripts,
        "big-result.js",
        "function run() { context.setResult({text: new Array(" + (OVER + 1) + ").join('x')}); }\n");
    ScriptFiles.write(
        scripts,
        "big-details.js",
        "function run() { context.heartbeat(new Array(" + (OVER + 1) + ").join('x')); }\n");
    ScriptFiles.write(
        scripts,
        "fits.js",
        "function run() { context.setResult(new Array(" + (UNDER + 1) + ").join('x')); }\n");
  }

  @Test
  void aResultOverTheLimit_failsItsTask_namingSizeAndLimit() {
    JsonObject failed =
        tasks.await(tasks.parallelScript("big-result.js", new JsonObject()), "DISPOSED");

    assertTooLarge(failed, "the result", OVER + "{\"text\":\"\"}".length());
  }

  @Test
  void heartbeatDetailsOverTheLimit_failTheirTask_namingSizeAndLimit() {
    JsonObject failed =
        tasks.await(tasks.parallelScript("big-details.js", new JsonObject()), "DISPOSED");

    assertTooLarge(failed, "the heartbeat details", OVER + "\"\"".length());
  }

  @Test
  void aResultUnderTheLimit_isStoredWhole() {
    JsonObject done = tasks.await(tasks.parallelScript("fits.js", new JsonObject()), "DISPOSED");

    JsonObject outcome = done.getJsonObject("outcome");
    assertEquals("COMPLETED", outcome.getString("type"));
    assertEquals(UNDER, outcome.getString("result").length());
  }

  private static void assertTooLarge(JsonObject task, String what, int bytes) {
    JsonObject outcome = task.getJsonObject("outcome");
    String text = outcome.encode();
    assertEquals("FAILED", outcome.getString("type"), text.length() > 500 ? "" : text);
    assertEquals("TypeError", outcome.getString("error"));
    assertTrue(text.length() < 2_000, "nothing of the value is stored: " + text.length());
    assertTrue(
        text.contains(what + " is " + bytes + " bytes serialized")
            && text.contains("at most 1048576")
            && text.contains("limits.result-bytes"),
        text);
  }
}
