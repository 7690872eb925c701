package io.ordo.script;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import org.junit.jupiter.api.Test;

/** A script's failure keeps what jsonb cannot hold as a visible escape, never a silent stand-in. */
class ScriptFailureTest {
  @Test
  void aNulOrLoneSurrogate_inNameMessageOrStack_becomesItsEscape_andPairsStay() {
    ScriptFailure failure =
        new ScriptFailure("N\u0000", "bad \udfff \ud83d\ude00", "at run (x.js:1)\n\ud800");

    assertEquals("N\\u0000", failure.errorName());
    assertEquals("bad \\udfff \ud83d\ude00", failure.getMessage());
    assertEquals("at run (x.js:1)\n\\ud800", failure.scriptStack());
  }

  @Test
  void aMissingMessage_staysMissing() {
    assertNull(new ScriptFailure("Error", null, "").getMessage());
  }
}
