package io.ordo.runner;

import io.ordo.bus.ClaimedTask;
import io.ordo.model.QueueKind;
import io.vertx.core.json.JsonObject;
import java.time.Instant;
import java.util.UUID;

/** Claimed messages for runner tests: a fresh {@code Echo} message of tenant acme. */
final class Claimed {
  private Claimed() {}

  /** A fresh message of the parallel queue, or the head of a fresh serial queue. */
  static ClaimedTask task(QueueKind kind, String ownerId) {
    return new ClaimedTask(
        "acme",
        UUID.randomUUID().toString(),
        kind,
        kind == QueueKind.SERIAL ? "q-" + UUID.randomUUID() : "",
        "Echo",
        null,
        new JsonObject(),
        new JsonObject(),
        1,
        ownerId,
        1,
        new JsonObject(),
        Instant.now(),
        null);
  }
}
