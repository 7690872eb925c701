package io.ordo.bus;

import io.ordo.model.QueueKind;
import io.vertx.core.json.JsonObject;
import java.time.Instant;

/**
 * A message the queue service handed to a runner: everything the runner needs to run it, and the
 * lock version (fencing token) every report about it must carry.
 *
 * @param tenant the message's tenant
 * @param messageId the message id
 * @param kind its queue kind
 * @param queueId its serial queue, empty for the parallel queue
 * @param taskClassName the task type's class name
 * @param jsPath the script of a JavaScript task
 * @param parameter the registered parameter
 * @param timeouts the effective timeouts
 * @param attempt the attempt this run will be (1 for the first)
 * @param ownerId the lock owner that claimed it: with {@code version}, the hold every report names
 * @param version the lock version of this hold
 * @param context the registration context (principal, locale, time zone, trace, attributes and the
 *     registering role, {@code role})
 * @param receivedAt when the message was received: the runner lines claimed messages up in this
 *     order
 * @param nextHeadReceivedAt for a serial head: the received time of the message behind it in its
 *     queue if that one was runnable for the runner at the claim, else null (the runner names it
 *     while this message's outcome is on its way, see {@link ClaimRequest#settlingFrom})
 */
public record ClaimedTask(
    String tenant,
    String messageId,
    QueueKind kind,
    String queueId,
    String taskClassName,
    String jsPath,
    JsonObject parameter,
    JsonObject timeouts,
    int attempt,
    String ownerId,
    long version,
    JsonObject context,
    Instant receivedAt,
    Instant nextHeadReceivedAt) {

  public JsonObject toJson() {
    return new JsonObject()
        .put("tenant", tenant)
        .put("messageId", messageId)
        .put("queue", kind.apiName())
        .put("queueId", queueId)
        .put("taskClassName", taskClassName)
        .put("jsPath", jsPath)
        .put("parameter", parameter)
        .put("timeouts", timeouts)
        .put("attempt", attempt)
        .put("ownerId", ownerId)
        .put("version", version)
        .put("context", context)
        .put("receivedAt", receivedAt)
        .put("nextHeadReceivedAt", nextHeadReceivedAt);
  }

  public static ClaimedTask fromJson(JsonObject json) {
    return new ClaimedTask(
        json.getString("tenant"),
        json.getString("messageId"),
        QueueKind.fromApiName(json.getString("queue")),
        json.getString("queueId"),
        json.getString("taskClassName"),
        json.getString("jsPath"),
        json.getJsonObject("parameter"),
        json.getJsonObject("timeouts"),
        json.getInteger("attempt"),
        json.getString("ownerId"),
        json.getLong("version"),
        json.getJsonObject("context", new JsonObject()),
        json.getInstant("receivedAt"),
        json.getInstant("nextHeadReceivedAt"));
  }
}
