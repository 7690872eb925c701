package io.ordo.deploy.scripts;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.ordo.deploy.Api;
import io.vertx.core.json.JsonObject;
import org.junit.jupiter.api.Test;

/**
 * What a script's failure says when it throws an object of its own, or defines a {@code run} that
 * is no function. (An object whose {@code name} is a getter was read outside the script engine: the
 * task failed with {@code java.lang.RuntimeException} "No Context associated with current Thread";
 * a {@code run} of 42 completed, doing nothing.) A huge name or message is cut, as a state
 * machine's {@code Fail} error and cause: it was stored whole, twice.
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
    ScriptFiles.write(
        scripts,
        "native-recursion.js",
        "function f() { [1].forEach(f); }\nfunction run() { f(); }\n");
    ScriptFiles.write(
        scripts,
        "huge-error.js",
        "function run() { throw {name: 'N'.repeat(1000), message: 'm'.repeat(100000)}; }\n");
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

  @Test
  void recursionThroughABuiltIn_failsAsTheInterpretersFrameCapDoes() {
    JsonObject outcome = outcome(tasks.parallelScript("native-recursion.js", new JsonObject()));
    assertEquals("FAILED", outcome.getString("type"), outcome.encode());
    assertEquals("Error", outcome.getString("error"), outcome.encode());
    assertEquals("Exceeded maximum stack depth", outcome.getString("cause"), outcome.encode());
  }

  @Test
  void aHugeNameAndMessage_areCut_inTheOutcomeAndTheHistory() {
    String id = tasks.parallelScript("huge-error.js", new JsonObject());
    JsonObject outcome = outcome(id);
    assertEquals("FAILED", outcome.getString("type"));
    assertEquals("N".repeat(255) + "…", outcome.getString("error"));
    assertEquals("m".repeat(32_767) + "…", outcome.getString("cause"));

    Api.Reply history = api.get("/tasks/" + id + "/history");
    assertEquals(200, history.status());
    JsonObject failed =
        history.json().getJsonArray("events").stream()
            .map(JsonObject.class::cast)
            .filter(e -> "TaskFailed".equals(e.getString("eventType")))
            .findFirst()
            .orElseThrow()
            .getJsonObject("taskFailedEventAttributes");
    assertTrue(failed.getString("details").length() <= 32_768, "the stack repeats the message");
  }

  private JsonObject outcome(String messageId) {
    return tasks.await(messageId, "DISPOSED").getJsonObject("outcome");
  }
}
