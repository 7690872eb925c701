package io.ordo.deploy.scripts;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.ordo.deploy.UnstorableText;
import io.vertx.core.json.JsonObject;
import org.junit.jupiter.api.Test;

/**
 * A script's result or heartbeat details holding a whole number past 64 bits ({@code 1e19}): its
 * {@code setResult} or {@code heartbeat} throws a TypeError naming the number and where it is, as
 * for NaN and the infinities, and nothing of the value is stored. (Before, {@code 1e19} was stored,
 * PostgreSQL's jsonb kept it as the integer 10000000000000000000, and a Java task given it received
 * a BigInteger.)
 */
class WholeNumberResultTest extends ScriptNodeTest {
  @Override
  protected void reset() {
    ScriptFiles.write(
        scripts, "big-result.js", "function run() { context.setResult({x: 1e19}); }\n");
    ScriptFiles.write(
        scripts, "big-details.js", "function run() { context.heartbeat({n: [-1e19]}); }\n");
    ScriptFiles.write(
        scripts, "nan-result.js", "function run() { context.setResult({x: 0 / 0}); }\n");
    ScriptFiles.write(
        scripts, "infinite-details.js", "function run() { context.heartbeat({n: [1 / 0]}); }\n");
    ScriptFiles.write(
        scripts,
        "fits.js",
        "function run() { context.setResult({big: 9.2e18, fraction: 1.5, tiny: 1e-5}); }\n");
  }

  @Test
  void aWholeNumberPast64Bits_inAResultOrHeartbeat_failsTheTask_namingTheNumber() {
    JsonObject result =
        tasks.await(tasks.parallelScript("big-result.js", new JsonObject()), "DISPOSED");
    assertRefused(result, "result.x is 1.0E19, out of range");

    JsonObject details =
        tasks.await(tasks.parallelScript("big-details.js", new JsonObject()), "DISPOSED");
    assertRefused(details, "heartbeat details.n[0] is -1.0E19, out of range");
    assertNull(details.getValue("heartbeatDetails"), details::encode);
  }

  @Test
  void aNaNOrAnInfinity_inAResultOrHeartbeat_failsTheTask_namingIt() {
    JsonObject result =
        tasks.await(tasks.parallelScript("nan-result.js", new JsonObject()), "DISPOSED");
    UnstorableText.assertRefused(result, "TypeError", "result.x is NaN: not representable in JSON");

    JsonObject details =
        tasks.await(tasks.parallelScript("infinite-details.js", new JsonObject()), "DISPOSED");
    UnstorableText.assertRefused(
        details, "TypeError", "heartbeat details.n[0] is Infinity: not representable in JSON");
    assertNull(details.getValue("heartbeatDetails"), details::encode);
  }

  @Test
  void decimalsWithinRange_areStored() {
    JsonObject done = tasks.await(tasks.parallelScript("fits.js", new JsonObject()), "DISPOSED");

    JsonObject outcome = done.getJsonObject("outcome");
    assertEquals("COMPLETED", outcome.getString("type"), done::encode);
    JsonObject result = outcome.getJsonObject("result");
    assertEquals(9.2e18, result.getDouble("big"));
    assertEquals(1.5, result.getDouble("fraction"));
    assertEquals(1e-5, result.getDouble("tiny"));
  }

  private static void assertRefused(JsonObject task, String cause) {
    UnstorableText.assertRefused(task, "TypeError", cause);
    String said = task.getJsonObject("outcome").getString("cause");
    assertTrue(said.contains("integers must fit in 64 bits"), task::encode);
  }
}
