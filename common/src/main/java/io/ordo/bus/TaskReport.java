package io.ordo.bus;

import io.ordo.model.QueueKind;
import io.vertx.core.json.JsonObject;
import java.time.Instant;

/**
 * One transition a runner reports. The queue service applies it only if the runner still holds the
 * message with this lock {@code version} and a live lease; otherwise the report is refused (the
 * runner lost the message) and nothing of it is applied.
 *
 * @param type the transition
 * @param tenant the message's tenant
 * @param messageId the message
 * @param kind its queue kind
 * @param queueId its serial queue, empty for the parallel queue
 * @param ownerId the lock owner the runner claimed the message as (a runner that lost its lease and
 *     registered anew still reports a message under the owner that claimed it, and is refused)
 * @param version the lock version the runner holds
 * @param time when the transition happened on the runner
 * @param data the transition's data: {@code result}; {@code error, cause, details}; {@code reason};
 *     {@code reentry, stop, forced, identity, requestedAt, method}; heartbeat {@code details}
 */
public record TaskReport(
    ReportType type,
    String tenant,
    String messageId,
    QueueKind kind,
    String queueId,
    String ownerId,
    long version,
    Instant time,
    JsonObject data) {

  /**
   * The data as PostgreSQL can store it: a NUL character ({@code \u0000}) in any of its keys or
   * strings becomes U+FFFD. The queue service writes report data into jsonb, which refuses NUL; one
   * such report would fail its whole batch, and the runner, retrying that batch forever, would
   * report nothing again. A safety net: a task's result and heartbeat details with a NUL are
   * refused before they are sent ({@code JavaParameters.toJsonValue}), and a failure's text keeps
   * it as a visible escape, so only a text no task chose (a rejection's reason) can still meet it.
   */
  public TaskReport {
    data = NulFreeJson.of(data);
  }

  public JsonObject toJson() {
    return new JsonObject()
        .put("type", type.name())
        .put("tenant", tenant)
        .put("messageId", messageId)
        .put("queue", kind.apiName())
        .put("queueId", queueId)
        .put("ownerId", ownerId)
        .put("version", version)
        .put("time", time.toString())
        .put("data", data);
  }

  public static TaskReport fromJson(JsonObject json) {
    return new TaskReport(
        ReportType.valueOf(json.getString("type")),
        json.getString("tenant"),
        json.getString("messageId"),
        QueueKind.fromApiName(json.getString("queue")),
        json.getString("queueId"),
        json.getString("ownerId"),
        json.getLong("version"),
        Instant.parse(json.getString("time")),
        json.getJsonObject("data", new JsonObject()));
  }

  /** A report about the same hold, of another type. */
  public static TaskReport of(ReportType type, ClaimedTask task, Instant time, JsonObject data) {
    return new TaskReport(
        type,
        task.tenant(),
        task.messageId(),
        task.kind(),
        task.queueId(),
        task.ownerId(),
        task.version(),
        time,
        data);
  }
}
