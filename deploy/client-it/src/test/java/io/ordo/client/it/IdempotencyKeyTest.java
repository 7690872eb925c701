package io.ordo.client.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.ordo.client.http.TaskRegistration;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/** Idempotency keys as the node counts them: 255 characters, a character being a code point. */
class IdempotencyKeyTest extends WithOperatorTasks {
  /** A character outside the Basic Multilingual Plane: two UTF-16 units in a Java string. */
  private static final String EMOJI = "\uD83D\uDE00";

  @Test
  void aKeyOf255CharactersOutsideTheBmp_registersOnce() {
    String key = UUID.randomUUID().toString().substring(0, 8) + EMOJI.repeat(247);
    TaskRegistration registration =
        TaskRegistration.builder("Echo").parameter(Map.of("n", 1)).idempotencyKey(key).build();

    String first = tasks.addParallelizedTask(registration).getMessageId();
    String again = tasks.addParallelizedTask(registration).getMessageId();

    assertEquals(first, again, "the repeat answered the first registration");
  }

  @Test
  void aKeyOver255Characters_isRefusedBeforeSending() {
    TaskRegistration.Builder echo = TaskRegistration.builder("Echo");
    assertThrows(IllegalArgumentException.class, () -> echo.idempotencyKey(EMOJI.repeat(256)));
    assertThrows(IllegalArgumentException.class, () -> echo.idempotencyKey("k".repeat(256)));
  }
}
