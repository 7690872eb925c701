package io.ordo.client.http;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.CompletionException;
import org.junit.jupiter.api.Test;

/** A definition given as text is one JSON value, refused before sending otherwise. */
class DefinitionTextTest {
  private static final String VALID =
      "{\"StartAt\":\"A\",\"States\":{\"A\":{\"Type\":\"Pass\",\"End\":true}}}";

  /** Nothing listens here: a definition that were sent would fail with connection refused. */
  private final StateMachineManager machines =
      OrdoClient.builder().baseUrl("http://127.0.0.1:1").maxRetries(0).build().stateMachines();

  private IllegalArgumentException refused(String text) {
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> machines.saveStateMachine("sm", text));
    assertInstanceOf(
        IllegalArgumentException.class,
        assertThrows(CompletionException.class, machines.saveStateMachineAsync("sm", text)::join)
            .getCause());
    assertFalse(e.getMessage().contains("com.fasterxml"), e.getMessage());
    assertFalse(e.getMessage().contains("(code "), e.getMessage());
    return e;
  }

  @Test
  void aValidDefinitionFollowedByGarbage_isRefused_namingWhere() {
    assertEquals(
        "the definition is not valid JSON at line 2, column 9",
        refused(VALID + "\n garbage").getMessage());
    assertEquals(
        "the definition has more text after its JSON value, which begins at line 2, column 2",
        refused(VALID + "\n [1]").getMessage());
  }

  @Test
  void twoConcatenatedDocuments_areRefused() {
    assertTrue(refused(VALID + VALID).getMessage().contains("more text after its JSON value"));
  }

  @Test
  void blankText_isRefused() {
    assertEquals("the definition is blank: it must be a JSON text", refused("   ").getMessage());
  }

  @Test
  void textThatIsNotJson_isRefused_namingTheLineAndColumn() {
    assertEquals(
        "the definition is not valid JSON at line 2, column 3",
        refused("{\n  StartAt: 1}").getMessage());
    assertEquals(
        "the definition ends before its JSON value does", refused("{\"StartAt\":").getMessage());
  }
}
