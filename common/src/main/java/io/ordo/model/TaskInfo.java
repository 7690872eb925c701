package io.ordo.model;

import io.vertx.core.json.JsonObject;
import java.time.Instant;

/**
 * Everything the API says about one task message (SPEC 8, "Task info"). The server builds it from
 * the task table (or, once the message is disposed, from its history); clients read it back with
 * {@link #fromJson}.
 *
 * @param messageId the id Ordo gave the message at registration
 * @param queue the queue kind
 * @param queueId the serial queue's id; null for the parallel queue
 * @param state the lifecycle state
 * @param taskClassName the task type's class name; null for a JavaScript task
 * @param jsPath the script path of a JavaScript task; null for a Java task
 * @param parameter the registered parameter, null if none
 * @param stopProgressOnError serial only: whether a failure deactivates the queue
 * @param sentTime when the client called the API (or the time it supplied)
 * @param receivedTime when the message was durably stored
 * @param node the runner node holding the task; null unless accepted
 * @param acceptTime when a runner accepted it; null until then
 * @param startTime when {@code run} started; null until then
 * @param attempt how many times a runner has selected it (0 before the first)
 * @param lastHeartbeatTime the latest heartbeat; null if none
 * @param heartbeatDetails the details of the latest heartbeat
 * @param timeouts the effective timeouts
 * @param executionId the state-machine execution that scheduled it; null for a plain message
 * @param outcome once disposed: how it ended ({@code type}: COMPLETED, FAILED, REMOVED, RELEASED,
 *     STOPPED, TIMED_OUT; {@code result} or {@code error}); null before
 * @param notBefore while waiting: the time before which it is not selected (a registration's delay,
 *     a retry's back-off, a rejection's back-off); null if none
 * @param retry its retry policy's JSON; null if a failure ends it
 */
public record TaskInfo(
    String messageId,
    QueueKind queue,
    String queueId,
    TaskState state,
    String taskClassName,
    String jsPath,
    JsonObject parameter,
    Boolean stopProgressOnError,
    Instant sentTime,
    Instant receivedTime,
    String node,
    Instant acceptTime,
    Instant startTime,
    int attempt,
    Instant lastHeartbeatTime,
    Object heartbeatDetails,
    JsonObject timeouts,
    String executionId,
    JsonObject outcome,
    Instant notBefore,
    JsonObject retry) {

  public JsonObject toJson() {
    JsonObject json =
        new JsonObject()
            .put("messageId", messageId)
            .put("queue", queue.apiName())
            .put("queueId", queueId)
            .put("state", state.name())
            .put("taskClassName", taskClassName)
            .put("jsPath", jsPath)
            .put("parameter", parameter)
            .put("sentTime", text(sentTime))
            .put("receivedTime", text(receivedTime))
            .put("node", node)
            .put("acceptTime", text(acceptTime))
            .put("startTime", text(startTime))
            .put("attempt", attempt)
            .put("lastHeartbeatTime", text(lastHeartbeatTime))
            .put("heartbeatDetails", heartbeatDetails)
            .put("timeouts", timeouts);
    if (executionId != null) {
      json.put("executionId", executionId);
    }
    if (outcome != null) {
      json.put("outcome", outcome);
    }
    if (notBefore != null) {
      json.put("notBefore", notBefore.toString());
    }
    if (retry != null) {
      json.put("retry", retry);
    }
    if (queue == QueueKind.SERIAL) {
      json.put("stopProgressOnError", stopProgressOnError);
    }
    return json;
  }

  public static TaskInfo fromJson(JsonObject json) {
    return new TaskInfo(
        json.getString("messageId"),
        QueueKind.fromApiName(json.getString("queue")),
        json.getString("queueId"),
        TaskState.valueOf(json.getString("state")),
        json.getString("taskClassName"),
        json.getString("jsPath"),
        json.getJsonObject("parameter"),
        json.getBoolean("stopProgressOnError"),
        instant(json.getString("sentTime")),
        instant(json.getString("receivedTime")),
        json.getString("node"),
        instant(json.getString("acceptTime")),
        instant(json.getString("startTime")),
        json.getInteger("attempt", 0),
        instant(json.getString("lastHeartbeatTime")),
        json.getValue("heartbeatDetails"),
        json.getJsonObject("timeouts"),
        json.getString("executionId"),
        json.getJsonObject("outcome"),
        instant(json.getString("notBefore")),
        json.getJsonObject("retry"));
  }

  private static String text(Instant instant) {
    return instant == null ? null : instant.toString();
  }

  private static Instant instant(String text) {
    return text == null ? null : Instant.parse(text);
  }
}
