package io.ordo.bus;

import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.util.List;

/**
 * The queue service's answer to a {@link ClaimRequest}: the messages it claimed and accepted for
 * the runner, oldest received first.
 *
 * @param serialHeadsLeft whether a runnable serial head may have been left for lack of a free
 *     thread ({@link ClaimRequest#serialCapacity}): the runner then claims again as soon as one of
 *     its slots frees. An answer without it (an older queue service's) counts as true.
 */
public record ClaimedTasks(List<ClaimedTask> tasks, boolean serialHeadsLeft) {

  public JsonObject toJson() {
    JsonArray items = new JsonArray();
    tasks.forEach(task -> items.add(task.toJson()));
    return new JsonObject().put("tasks", items).put("serialHeadsLeft", serialHeadsLeft);
  }

  public static ClaimedTasks fromJson(JsonObject json) {
    return new ClaimedTasks(
        json.getJsonArray("tasks").stream()
            .map(task -> ClaimedTask.fromJson((JsonObject) task))
            .toList(),
        json.getBoolean("serialHeadsLeft", true));
  }
}
