package io.ordo.deploy.scripts;

import io.ordo.deploy.Api;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;

/** Writes test scripts into a node's scripts directory. */
final class ScriptFiles {
  private ScriptFiles() {}

  static void write(Path directory, String jsPath, String source) {
    try {
      Path file = directory.resolve(jsPath);
      Files.createDirectories(file.getParent());
      Files.writeString(file, source);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /**
   * A taskCompleted(event) that leaves a trace the test can read: a message in the inactive serial
   * queue {@code observed}, whose parameter is the event.
   */
  static final String OBSERVE_COMPLETION =
      """
      function taskCompleted(event) {
        WorkManager.addSerializedTask('observed', 'marker.js',
            {key: key, type: event.type, error: event.error}, false);
      }
      """;

  static final String MARKER = "function run() {}\n";

  /** Waits for the marker left for {@code key}; answers its parameter. */
  static JsonObject awaitMarker(Api api, String key) {
    return marker(
        api.await("/status", r -> marker(r.json(), key) != null, Duration.ofSeconds(20)).json(),
        key);
  }

  /**
   * The parameter of the first marker left for {@code key} in the queue {@code observed} of a
   * status snapshot ({@code GET /status}); null if there is none yet.
   */
  static JsonObject marker(JsonObject status, String key) {
    JsonObject queue =
        status.getJsonObject("serializedTasksInfo", new JsonObject()).getJsonObject("observed");
    if (queue == null) {
      return null;
    }
    for (Object task : queue.getJsonArray("waitingTasks", new JsonArray())) {
      JsonObject parameter = ((JsonObject) task).getJsonObject("parameter");
      if (parameter != null && key.equals(parameter.getString("key"))) {
        return parameter;
      }
    }
    return null;
  }
}
