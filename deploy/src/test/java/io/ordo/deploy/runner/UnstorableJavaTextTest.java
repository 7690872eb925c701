package io.ordo.deploy.runner;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import io.ordo.deploy.NodeTest;
import io.ordo.deploy.UnstorableText;
import io.vertx.core.json.JsonObject;
import org.junit.jupiter.api.Test;

/**
 * A NUL character, which PostgreSQL's jsonb cannot hold, or an unpaired UTF-16 surrogate, which is
 * no character, in what a Java task reports, as in a script's: in a result, heartbeat details or a
 * key, {@code setResult} or {@code heartbeat} throws an IllegalArgumentException naming it and
 * where it is; in an exception's message, the failure keeps it as a visible escape (the text
 * backslash-u0000). Before, a NUL became U+FFFD and a lone surrogate {@code ?}, silently.
 */
class UnstorableJavaTextTest extends NodeTest {

  @Test
  void aNulOrLoneSurrogate_inAResultHeartbeatOrKey_failsTheTaskNamingIt() {
    assertRefused("nul-result", "result.text contains a NUL character (\\u0000)");
    assertRefused(
        "surrogate-result",
        "result[1] contains an unpaired UTF-16 surrogate (\\ud800), which is no Unicode character");
    assertRefused(
        "nul-key", "result.inner has the key 'k\\u0000', which contains a NUL character (\\u0000)");
    JsonObject details = assertRefused("nul-details", "heartbeat details.s contains a NUL");
    assertNull(details.getValue("heartbeatDetails"), details::encode);
  }

  @Test
  void theRefusal_isOneTheTaskCanCatch() {
    JsonObject done = tasks.await(run("caught"), "DISPOSED");

    JsonObject outcome = done.getJsonObject("outcome");
    assertEquals("COMPLETED", outcome.getString("type"), done::encode);
    assertEquals(
        "result.s contains an unpaired UTF-16 surrogate (\\udfff), which is no Unicode character",
        outcome.getString("result"));
  }

  @Test
  void aNulInAnExceptionsMessage_isKeptAsAVisibleEscape() {
    String failing = run("nul-error");

    JsonObject outcome = tasks.await(failing, "DISPOSED").getJsonObject("outcome");
    assertEquals("FAILED", outcome.getString("type"), outcome::encode);
    assertEquals("java.lang.IllegalStateException", outcome.getString("error"));
    assertEquals("bad \\u0000 byte", outcome.getString("cause"));
    UnstorableText.assertEscapedInHistory(tasks.history(failing), "bad \\\\u0000 byte");
  }

  private String run(String which) {
    return tasks.parallel("UnstorableText", new JsonObject().put("case", which));
  }

  private JsonObject assertRefused(String which, String cause) {
    return UnstorableText.assertRefused(
        tasks.await(run(which), "DISPOSED"), "java.lang.IllegalArgumentException", cause);
  }
}
