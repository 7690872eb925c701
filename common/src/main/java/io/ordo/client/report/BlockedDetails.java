package io.ordo.client.report;

import io.ordo.model.TaskState;
import io.vertx.core.json.JsonObject;
import java.time.Instant;
import java.util.List;

/**
 * What a queue's {@code blockedReason} is about (the API's {@code blockedDetails}); a member the
 * reason does not name is null (a list: empty). {@code STOPPED_ON_ERROR} names the message that
 * stopped the queue; {@code HEAD_IN_PROGRESS} the serial head in progress, its state, node and
 * heartbeat age; {@code DELAYED} the serial head and its time; {@code NO_RUNNER} nothing when no
 * runner is live, a serial head and its type, or the parallel queue's waiting types; {@code
 * INACTIVE} and {@code NO_CAPACITY} nothing.
 *
 * @param messageId the message that stopped the queue, or the serial head that is in progress,
 *     delayed or without a runner
 * @param state {@code HEAD_IN_PROGRESS}: the head's state
 * @param node {@code HEAD_IN_PROGRESS}: the node that holds the head
 * @param heartbeatAgeSeconds {@code HEAD_IN_PROGRESS}: seconds since the head's last heartbeat (or
 *     its start); null before it started
 * @param notBefore {@code DELAYED}: the time before which the serial head does not run
 * @param taskClassName {@code NO_RUNNER} of a serial queue: the head's task type, which no live
 *     runner runs
 * @param taskClassNames {@code NO_RUNNER} of the parallel queue: its waiting task types, none of
 *     which a live runner runs (sorted)
 */
public record BlockedDetails(
    String messageId,
    TaskState state,
    String node,
    Double heartbeatAgeSeconds,
    Instant notBefore,
    String taskClassName,
    List<String> taskClassNames) {

  /** The details of a queue info, or null when it has none (nothing is blocked). */
  static BlockedDetails of(JsonObject queue) {
    JsonObject json = queue.getJsonObject("blockedDetails");
    if (json == null) {
      return null;
    }
    String state = json.getString("state");
    String notBefore = json.getString("notBefore");
    return new BlockedDetails(
        json.getString("messageId"),
        state == null ? null : TaskState.valueOf(state),
        json.getString("node"),
        json.getDouble("heartbeatAgeSeconds"),
        notBefore == null ? null : Instant.parse(notBefore),
        json.getString("taskClassName"),
        TaskInfoLists.strings(json.getJsonArray("taskClassNames")));
  }
}
