package io.ordo.deploy.scripts;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;

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
}
