package io.ordo.deploy.scripts;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.vertx.core.json.JsonObject;
import org.junit.jupiter.api.Test;

/**
 * What a script's failure says when it throws an object of its own, or defines a {@code run} that
 * is no function. (An object whose {@code name} is a getter was read outside the script engine: the
 * task failed with {@code java.lang.RuntimeException} "No Context associated with current Thread";
 * a {@code run} of 42 completed, doing nothing.)
 */
class ThrownValuesTest extends ScriptNodeTest {
  @Override
  protected void reset() {
    ScriptFiles.write(
        scripts,
        "getter.js",
        "function run() { throw {get name() { return 'Custom'; }, message: 'm'}; }\n");
    ScriptFiles.write(
        scripts,
        "looping-getter.js",
        "function run() { throw {get name() { for (;;) {} }, message: 'still told'}; }\n");
    ScriptFiles.write(scripts, "not-a-function.js", "var run = 42;\n");
  }

  @Test
  void anObjectWhoseNameIsAGetter_failsWithWhatTheGetterGives() {
    JsonObject outcome = outcome(tasks.parallelScript("getter.js", new JsonObject()));
    assertEquals("FAILED", outcome.getString("type"), outcome.encode());
    assertEquals("Custom", outcome.getString("error"), outcome.encode());
    assertEquals("m", outcome.getString("cause"), outcome.encode());
  }

  @Test
  void aGetterThatLoops_isCutShort_andTheFailureKeepsTheMessage() {
    JsonObject outcome = outcome(tasks.parallelScript("looping-getter.js", new JsonObject()));
    assertEquals("FAILED", outcome.getString("type"), outcome.encode());
    assertEquals("Error", outcome.getString("error"), outcome.encode());
    assertEquals("still told", outcome.getString("cause"), outcome.encode());
  }

  @Test
  void aRunThatIsNoFunction_failsWithATypeError() {
    JsonObject outcome = outcome(tasks.parallelScript("not-a-function.js", new JsonObject()));
    assertEquals("FAILED", outcome.getString("type"), outcome.encode());
    assertEquals("TypeError", outcome.getString("error"), outcome.encode());
    assertEquals("run is not a function (it is number)", outcome.getString("cause"));
  }

  private JsonObject outcome(String messageId) {
    return tasks.await(messageId, "DISPOSED").getJsonObject("outcome");
  }
}
