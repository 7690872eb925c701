package io.ordo.deploy.scripts;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.vertx.core.json.JsonObject;
import org.junit.jupiter.api.Test;

/**
 * A script whose result nests deeper than a report can carry: its {@code setResult} throws a
 * TypeError that names the bound, so the task fails like any script error, and the runner goes on
 * reporting. (Before, the report holding the result could not be written as JSON; the runner sent
 * it, and every report batched with it, again and again, and started nothing else; a second try
 * overflowed the task thread's stack.)
 */
class DeepResultTest extends ScriptNodeTest {
  @Override
  protected void reset() {
    ScriptFiles.write(
        scripts,
        "deep-result.js",
        "function run() {\n"
            + "  var value = {leaf: true};\n"
            + "  for (var i = 0; i < 3000; i++) { value = {a: value}; }\n"
            + "  context.setResult(value);\n"
            + "}\n");
    ScriptFiles.write(
        scripts,
        "deep-enough.js",
        "function run() {\n"
            + "  var value = {leaf: true};\n"
            + "  for (var i = 1; i < 512; i++) { value = {a: value}; }\n"
            + "  context.setResult(value);\n"
            + "}\n");
  }

  @Test
  void aResultNestedTooDeep_failsItsTask_andTheRunnerGoesOnReporting() {
    String deep = tasks.parallelScript("deep-result.js", new JsonObject());

    JsonObject failed = tasks.await(deep, "DISPOSED");
    JsonObject outcome = failed.getJsonObject("outcome");
    assertEquals("FAILED", outcome.getString("type"), failed.encode());
    assertEquals("TypeError", outcome.getString("error"), failed.encode());
    assertTrue(failed.encode().contains("nested more than 512 levels deep"), () -> failed.encode());

    String atTheBound = tasks.parallelScript("deep-enough.js", new JsonObject());
    String after = tasks.parallel("Echo", new JsonObject().put("n", 1));
    assertEquals(
        "COMPLETED",
        tasks.await(atTheBound, "DISPOSED").getJsonObject("outcome").getString("type"));
    assertEquals(
        "COMPLETED", tasks.await(after, "DISPOSED").getJsonObject("outcome").getString("type"));
  }
}
