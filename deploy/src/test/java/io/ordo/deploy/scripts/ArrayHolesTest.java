package io.ordo.deploy.scripts;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import io.ordo.deploy.UnstorableText;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import org.junit.jupiter.api.Test;

/**
 * An array with holes in a script's result or heartbeat details: each hole is stored as null, as
 * {@code JSON.stringify} writes it (before, {@code setResult([1, , 3])} threw "the result[1] is an
 * unsupported value"). An array whose length no stored value could hold is refused by its length,
 * before any of it is walked.
 */
class ArrayHolesTest extends ScriptNodeTest {
  @Override
  protected void reset() {
    ScriptFiles.write(
        scripts,
        "holes.js",
        "function run() {\n"
            + "  var tail = [7]; tail.length = 3;\n"
            + "  context.heartbeat({seen: [, 'x']});\n"
            + "  context.setResult({items: [1, , 3], tail: tail, same: JSON.parse(JSON.stringify([1, , 3]))});\n"
            + "}\n");
    ScriptFiles.write(
        scripts,
        "endless.js",
        "function run() { var a = [1]; a.length = 4e9; context.setResult({a: a}); }\n");
  }

  @Test
  void holesInAResultOrHeartbeat_areStoredAsNull() {
    JsonObject done = tasks.await(tasks.parallelScript("holes.js", new JsonObject()), "DISPOSED");

    JsonObject outcome = done.getJsonObject("outcome");
    assertEquals("COMPLETED", outcome.getString("type"), done::encode);
    JsonObject result = outcome.getJsonObject("result");
    assertEquals(new JsonArray().add(1).addNull().add(3), result.getJsonArray("items"));
    assertEquals(result.getJsonArray("same"), result.getJsonArray("items"));
    assertEquals(new JsonArray().add(7).addNull().addNull(), result.getJsonArray("tail"));
    assertEquals(
        new JsonObject().put("seen", new JsonArray().addNull().add("x")),
        done.getJsonObject("heartbeatDetails"),
        done::encode);
  }

  @Test
  void anArrayLongerThanAnyStoredValueCanHold_isRefusedByItsLength() {
    JsonObject done = tasks.await(tasks.parallelScript("endless.js", new JsonObject()), "DISPOSED");

    UnstorableText.assertRefused(
        done,
        "TypeError",
        "the result.a has 4000000000 elements, more than any value Ordo takes can hold");
    assertNull(done.getJsonObject("outcome").getValue("result"), done::encode);
  }
}
