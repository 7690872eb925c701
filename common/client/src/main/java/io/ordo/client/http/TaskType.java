package io.ordo.client.http;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.List;
import java.util.Map;

/**
 * A task type the farm's runners know, or a script of the scripts directory.
 *
 * @param taskClassName its class name; null for a script
 * @param aliases short names a message (or a state machine's {@code Resource}) may use instead
 * @param defaultTimeouts its default timeouts by {@link TimeoutType#jsonName()}; null if none
 * @param jsPath the script's path, for {@link TaskRegistration#scriptBuilder}; null for a class
 */
public record TaskType(
    String taskClassName,
    List<String> aliases,
    Map<String, Object> defaultTimeouts,
    String jsPath) {
  static TaskType read(JsonNode json) {
    Json.object(json, "a task type");
    return new TaskType(
        Json.text(json, "taskClassName"),
        Json.strings(json, "aliases"),
        Json.map(json, "defaultTimeouts"),
        Json.text(json, "jsPath"));
  }
}
