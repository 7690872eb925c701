package io.ordo.model;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.vertx.core.json.JsonObject;
import java.time.Instant;
import org.junit.jupiter.api.Test;

class DelayTest {
  private static final Instant NOW = Instant.parse("2026-01-31T12:00:00Z");

  @Test
  void aNotBeforeFinerThanAMicrosecond_isKeptToTheMicrosecond_asItIsStored() {
    Delay delay =
        Delay.fromJson(new JsonObject().put("notBefore", "2026-02-01T12:00:00.123456789Z"), NOW);

    assertEquals(Instant.parse("2026-02-01T12:00:00.123456Z"), delay.notBefore(NOW));
  }
}
