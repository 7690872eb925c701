package io.ordo.deploy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.vertx.core.json.JsonObject;
import java.util.List;

/**
 * What the tests of a value no task can report (a text with a NUL or an unpaired UTF-16 surrogate,
 * NaN, a number out of range) assert, for Java tasks and scripts alike.
 */
public final class UnstorableText {
  private UnstorableText() {}

  /**
   * The ended task failed with {@code error}, its cause containing {@code cause}, and no result.
   *
   * @return the task
   */
  public static JsonObject assertRefused(JsonObject task, String error, String cause) {
    JsonObject outcome = task.getJsonObject("outcome");
    assertEquals("FAILED", outcome.getString("type"), task::encode);
    assertEquals(error, outcome.getString("error"), task::encode);
    assertTrue(outcome.getString("cause").contains(cause), task::encode);
    assertNull(outcome.getValue("result"), task::encode);
    return task;
  }

  /**
   * The history ends with {@code TaskFailed}, which holds {@code escaped} (a cause with the text
   * backslash-u0000 in it, as JSON writes it) and no U+FFFD.
   */
  public static void assertEscapedInHistory(List<JsonObject> history, String escaped) {
    JsonObject taskFailed = history.get(history.size() - 1);
    assertEquals("TaskFailed", taskFailed.getString("eventType"));
    assertTrue(taskFailed.encode().contains(escaped), taskFailed::encode);
    assertFalse(taskFailed.encode().contains("\uFFFD"), taskFailed::encode);
  }
}
