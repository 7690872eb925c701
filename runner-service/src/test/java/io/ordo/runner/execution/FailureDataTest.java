package io.ordo.runner.execution;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.ordo.script.ScriptFailure;
import io.vertx.core.json.JsonObject;
import org.junit.jupiter.api.Test;

/** A failure keeps what jsonb cannot hold as a visible escape, never a silent stand-in. */
class FailureDataTest {
  @Test
  void aScriptsNulOrLoneSurrogate_inNameMessageOrStack_becomesItsEscape_andPairsStay() {
    JsonObject data =
        FailureData.of(
            new ScriptFailure("N\u0000", "bad \udfff \ud83d\ude00", "at run (x.js:1)\n\ud800"));

    assertEquals("N\\u0000", data.getString("error"));
    assertEquals("bad \\udfff \ud83d\ude00", data.getString("cause"));
    assertEquals("at run (x.js:1)\n\\ud800", data.getString("details"));
  }

  @Test
  void aJavaExceptionsNul_inMessageAndTrace_becomesItsEscape() {
    JsonObject data = FailureData.of(new IllegalStateException("bad \u0000 byte"));

    assertEquals("java.lang.IllegalStateException", data.getString("error"));
    assertEquals("bad \\u0000 byte", data.getString("cause"));
    String details = data.getString("details");
    assertTrue(details.startsWith("java.lang.IllegalStateException: bad \\u0000 byte"), details);
    assertFalse(details.contains("\u0000"), details);
  }

  @Test
  void aMissingMessage_staysMissing() {
    assertNull(FailureData.of(new ScriptFailure("Error", null, "")).getValue("cause"));
    assertNull(FailureData.of(new IllegalStateException()).getValue("cause"));
  }

  @Test
  void longTexts_areCut_withAnEllipsis_neverInsideAPair() {
    String pairs = "\ud83d\ude00".repeat(20_000);
    JsonObject data = FailureData.of(new ScriptFailure("E".repeat(300), pairs, "s".repeat(40_000)));

    assertEquals("E".repeat(FailureData.MAX_ERROR - 1) + "…", data.getString("error"));
    String cause = data.getString("cause");
    assertEquals(FailureData.MAX_TEXT - 1, cause.length(), "the last pair would not fit");
    assertEquals(pairs.substring(0, FailureData.MAX_TEXT - 2) + "…", cause);
    assertEquals("s".repeat(FailureData.MAX_TEXT - 1) + "…", data.getString("details"));
  }

  @Test
  void escapes_countTowardsTheBound() {
    JsonObject data = FailureData.of(new IllegalStateException("\u0000".repeat(10_000)));

    assertEquals(FailureData.MAX_TEXT, data.getString("cause").length());
    assertFalse(data.getString("details").contains("\u0000"));
  }
}
