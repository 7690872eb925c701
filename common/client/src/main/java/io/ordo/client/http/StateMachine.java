package io.ordo.client.http;

import com.fasterxml.jackson.databind.JsonNode;
import java.time.Instant;
import java.util.Map;

/**
 * A stored state machine.
 *
 * @param name its name, unique per tenant
 * @param definition its Amazon States Language definition as plain Java (null in lists)
 * @param revision 1 when created, + 1 at each replacement
 * @param creationDate when it was first saved
 * @param updateDate when it was last saved
 */
public record StateMachine(
    String name,
    Map<String, Object> definition,
    int revision,
    Instant creationDate,
    Instant updateDate) {
  static StateMachine read(JsonNode json) {
    Json.object(json, "a state machine");
    return new StateMachine(
        Json.requiredText(json, "name"),
        Json.map(json, "definition"),
        Json.integer(json, "revision", 0),
        Json.instant(json, "creationDate"),
        Json.instant(json, "updateDate"));
  }
}
