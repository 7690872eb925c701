package io.ordo.deploy;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The sample scripts shipped in the jar (an echo, a failing one, one that heartbeats). An
 * all-in-one node whose scripts directory does not exist creates it with them on first start, so
 * {@code jsPath: "echo.js"} works out of the box; an existing directory is never touched.
 */
final class SampleScripts {
  private static final Logger LOG = LoggerFactory.getLogger(SampleScripts.class);
  private static final String RESOURCES = "/io/ordo/samples/scripts/";
  static final List<String> NAMES = List.of("echo.js", "fail.js", "heartbeat.js");

  private SampleScripts() {}

  static void installIfMissing(Path directory) {
    if (Files.exists(directory)) {
      return;
    }
    try {
      Files.createDirectories(directory);
      for (String name : NAMES) {
        try (InputStream in = SampleScripts.class.getResourceAsStream(RESOURCES + name)) {
          if (in != null) {
            Files.copy(in, directory.resolve(name));
          }
        }
      }
      LOG.info("Created the scripts directory {} with the sample scripts", directory);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot create the scripts directory " + directory, e);
    }
  }
}
