package io.ordo.bus;

import io.vertx.core.json.JsonObject;
import java.time.Instant;
import java.util.Locale;

/**
 * What the queue service tells the runner that holds a message ({@link
 * Addresses#runnerControl(String)}): release it (end notification), stop it (forced stop), or learn
 * that it lost it (a timeout took it; no answer expected). Release and stop are answered with
 * whether the runner applied them.
 *
 * @param action what to do
 * @param messageId the message
 * @param version the hold (lock version) the request is about
 * @param reentry release/stop: whether the message goes back to the head of its queue
 * @param stop release/stop: whether its queue is deactivated
 * @param identity release/stop: who asked
 * @param requestedAt release/stop: when it was asked
 * @param reason lost: why (e.g. {@code START_TO_CLOSE timeout})
 */
public record RunnerControl(
    Action action,
    String messageId,
    long version,
    boolean reentry,
    boolean stop,
    String identity,
    Instant requestedAt,
    String reason) {

  /** What the runner is asked to do. */
  public enum Action {
    RELEASE,
    STOP,
    LOST;

    String wireName() {
      return name().toLowerCase(Locale.ROOT);
    }
  }

  /** A release (end notification) or, with {@code forced}, a forced stop. */
  public static RunnerControl release(
      boolean forced,
      String messageId,
      long version,
      boolean reentry,
      boolean stop,
      String identity,
      Instant requestedAt) {
    return new RunnerControl(
        forced ? Action.STOP : Action.RELEASE,
        messageId,
        version,
        reentry,
        stop,
        identity,
        requestedAt,
        null);
  }

  /** The runner lost the message (a timeout took it): it should stop the task. */
  public static RunnerControl lost(String messageId, long version, String reason) {
    return new RunnerControl(Action.LOST, messageId, version, false, false, null, null, reason);
  }

  public JsonObject toJson() {
    return new JsonObject()
        .put("action", action.wireName())
        .put("messageId", messageId)
        .put("version", version)
        .put("reentry", reentry)
        .put("stop", stop)
        .put("identity", identity)
        .put("requestedAt", requestedAt)
        .put("reason", reason);
  }

  public static RunnerControl fromJson(JsonObject json) {
    return new RunnerControl(
        Action.valueOf(json.getString("action").toUpperCase(Locale.ROOT)),
        json.getString("messageId"),
        json.getLong("version"),
        json.getBoolean("reentry", false),
        json.getBoolean("stop", false),
        json.getString("identity"),
        json.getInstant("requestedAt"),
        json.getString("reason"));
  }
}
