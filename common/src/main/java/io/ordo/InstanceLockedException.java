package io.ordo;

import io.vertx.core.json.JsonObject;
import java.time.Instant;

/**
 * Another live lock owner holds the instance (a message, a serial queue, an execution). Carries the
 * holder and when its lock lapses unless renewed, so a caller knows when retrying makes sense.
 */
public class InstanceLockedException extends TaskControlException {
  public InstanceLockedException(String instanceId, String ownerId, Instant lockExpiry) {
    super(
        ErrorCode.INSTANCE_LOCKED,
        "instance " + instanceId + " is locked by owner " + ownerId + " until " + lockExpiry,
        new JsonObject()
            .put("instanceId", instanceId)
            .put("ownerId", ownerId)
            .put("lockExpiry", lockExpiry == null ? null : lockExpiry.toString()));
  }

  public InstanceLockedException(String message, JsonObject details) {
    super(ErrorCode.INSTANCE_LOCKED, message, details);
  }

  public String instanceId() {
    return details().getString("instanceId");
  }

  public String ownerId() {
    return details().getString("ownerId");
  }

  /** When the holder's lock lapses unless renewed; null if unknown. */
  public Instant lockExpiry() {
    String expiry = details().getString("lockExpiry");
    return expiry == null ? null : Instant.parse(expiry);
  }
}
