package io.ordo.deploy.scripts;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import io.ordo.deploy.UnstorableText;
import io.vertx.core.json.JsonObject;
import org.junit.jupiter.api.Test;

/**
 * A NUL character, which PostgreSQL's jsonb cannot hold, or an unpaired UTF-16 surrogate, which is
 * no character, in what a script reports. In a result, heartbeat details or a key, {@code
 * setResult} or {@code heartbeat} throws a TypeError naming it and where it is, as for NaN; in a
 * thrown error's name or message, the failure keeps it as a visible escape (a NUL as the text
 * backslash-u0000). Before, a NUL became U+FFFD and a lone surrogate {@code ?}, silently.
 */
class UnstorableScriptTextTest extends ScriptNodeTest {
  @Override
  protected void reset() {
    ScriptFiles.write(
        scripts, "nul-result.js", "function run() { context.setResult({text: 'a\\u0000b'}); }\n");
    ScriptFiles.write(
        scripts,
        "surrogate-result.js",
        "function run() { context.setResult([1, String.fromCharCode(0xD800)]); }\n");
    ScriptFiles.write(
        scripts,
        "nul-key.js",
        "function run() { var r = {}; r['k\\u0000'] = 1; context.setResult({inner: r}); }\n");
    ScriptFiles.write(
        scripts, "nul-details.js", "function run() { context.heartbeat({s: '\\u0000'}); }\n");
    ScriptFiles.write(
        scripts,
        "caught.js",
        "function run() {\n"
            + "  try { context.setResult({s: 'x\\udfff'}); }\n"
            + "  catch (e) { context.setResult(e.name + ': ' + e.message); }\n"
            + "}\n");
    ScriptFiles.write(
        scripts,
        "nul-error.js",
        "function run() { var e = new Error('bad \\u0000 byte'); e.name = 'N\\u0000'; throw e; }\n");
    ScriptFiles.write(
        scripts,
        "surrogate-throw.js",
        "function run() { throw {name: '\\ud800', message: 'lone \\udfff half'}; }\n");
  }

  @Test
  void aNulOrLoneSurrogate_inAResultHeartbeatOrKey_failsTheTaskWithATypeErrorNamingIt() {
    assertRefused("nul-result.js", "result.text contains a NUL character (\\u0000)");
    assertRefused(
        "surrogate-result.js",
        "result[1] contains an unpaired UTF-16 surrogate (\\ud800), which is no Unicode"
            + " character");
    assertRefused(
        "nul-key.js",
        "result.inner has the key 'k\\u0000', which contains a NUL character (\\u0000)");
    JsonObject details = assertRefused("nul-details.js", "heartbeat details.s contains a NUL");
    assertNull(details.getValue("heartbeatDetails"), details::encode);

    String after = tasks.parallel("Echo", new JsonObject().put("n", 1));
    assertEquals(
        "COMPLETED", tasks.await(after, "DISPOSED").getJsonObject("outcome").getString("type"));
  }

  @Test
  void theTypeError_isOneTheScriptCanCatch() {
    JsonObject done = tasks.await(tasks.parallelScript("caught.js", new JsonObject()), "DISPOSED");

    JsonObject outcome = done.getJsonObject("outcome");
    assertEquals("COMPLETED", outcome.getString("type"), done::encode);
    assertEquals(
        "TypeError: result.s contains an unpaired UTF-16 surrogate (\\udfff), which is no"
            + " Unicode character",
        outcome.getString("result"));
  }

  @Test
  void aNulOrLoneSurrogate_inAThrownErrorsNameOrMessage_isKeptAsAVisibleEscape() {
    String nul = tasks.parallelScript("nul-error.js", new JsonObject());
    String surrogate = tasks.parallelScript("surrogate-throw.js", new JsonObject());

    assertFailure(tasks.await(nul, "DISPOSED"), "N\\u0000", "bad \\u0000 byte");
    assertFailure(tasks.await(surrogate, "DISPOSED"), "\\ud800", "lone \\udfff half");
    UnstorableText.assertEscapedInHistory(tasks.history(nul), "bad \\\\u0000 byte");
  }

  private JsonObject assertRefused(String jsPath, String cause) {
    return UnstorableText.assertRefused(
        tasks.await(tasks.parallelScript(jsPath, new JsonObject()), "DISPOSED"),
        "TypeError",
        cause);
  }

  private static void assertFailure(JsonObject task, String error, String cause) {
    JsonObject outcome = task.getJsonObject("outcome");
    assertEquals("FAILED", outcome.getString("type"), task::encode);
    assertEquals(error, outcome.getString("error"), task::encode);
    assertEquals(cause, outcome.getString("cause"), task::encode);
  }
}
