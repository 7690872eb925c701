package io.ordo.client.http;

import com.fasterxml.jackson.databind.JsonNode;
import java.time.Instant;
import java.util.List;

/**
 * A live runner node of the farm, as it reported itself with its last lease renewal ({@code GET
 * /api/v1/runners}).
 *
 * @param node its node name
 * @param ownerId its lock owner id: new for every start and after a lost lease
 * @param maxThreads the most tasks it runs at once; null if it never reported (an older runner)
 * @param busy tasks in their lifecycle on it at its last renewal; null if it never reported
 * @param capacity the messages it took at once at its last renewal (threads plus prefetch room);
 *     null from a server that does not report it
 * @param taskTypes the task class names it can run (every runner runs scripts too)
 * @param version the Ordo version it runs; null if unknown
 * @param startedAt when it registered its lease
 * @param lastRenewedAt its last lease renewal
 * @param leaseExpiresAt when its lease lapses unless renewed
 */
public record Runner(
    String node,
    String ownerId,
    Integer maxThreads,
    Integer busy,
    Integer capacity,
    List<String> taskTypes,
    String version,
    Instant startedAt,
    Instant lastRenewedAt,
    Instant leaseExpiresAt) {

  static Call<List<Runner>> list() {
    return Call.get("/runners", HttpTaskManager.list(Runner::read));
  }

  static Runner read(JsonNode json) {
    Json.object(json, "a runner");
    return new Runner(
        Json.text(json, "node"),
        Json.text(json, "ownerId"),
        number(json, "maxThreads"),
        number(json, "busy"),
        number(json, "capacity"),
        Json.strings(json, "taskTypes"),
        Json.text(json, "version"),
        Json.instant(json, "startedAt"),
        Json.instant(json, "lastRenewedAt"),
        Json.instant(json, "leaseExpiresAt"));
  }

  private static Integer number(JsonNode json, String field) {
    JsonNode value = json.get(field);
    return value == null || !value.isNumber() ? null : value.asInt();
  }
}
