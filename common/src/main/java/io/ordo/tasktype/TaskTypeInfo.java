package io.ordo.tasktype;

import io.ordo.model.RetryPolicy;
import io.ordo.model.Timeouts;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.util.List;

/**
 * A task type the farm's runners know (SPEC 9.3).
 *
 * @param taskClassName the task class's fully qualified name
 * @param aliases short names a message or a state machine's {@code Resource} may use instead
 * @param defaultTimeouts timeouts a message gets unless it sets its own
 * @param defaultRetry the retry policy a message gets unless it sets its own (null: none, a failure
 *     ends the message)
 */
public record TaskTypeInfo(
    String taskClassName,
    List<String> aliases,
    Timeouts defaultTimeouts,
    RetryPolicy defaultRetry) {

  /** A task type without a default retry policy. */
  public TaskTypeInfo(String taskClassName, List<String> aliases, Timeouts defaultTimeouts) {
    this(taskClassName, aliases, defaultTimeouts, null);
  }

  public JsonObject toJson() {
    return new JsonObject()
        .put("taskClassName", taskClassName)
        .put("aliases", new JsonArray(aliases))
        .put("defaultTimeouts", defaultTimeouts.toJson())
        .put("defaultRetry", defaultRetry == null ? null : defaultRetry.toJson());
  }

  public static TaskTypeInfo fromJson(JsonObject json) {
    return new TaskTypeInfo(
        json.getString("taskClassName"),
        json.getJsonArray("aliases", new JsonArray()).stream().map(String::valueOf).toList(),
        Timeouts.fromJson(json.getJsonObject("defaultTimeouts"), Timeouts.NONE_AT_ALL),
        RetryPolicy.fromJson("defaultRetry", json.getJsonObject("defaultRetry")));
  }
}
