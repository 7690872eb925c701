package io.ordo.deploy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * A second node on a used HTTP port or on a data directory another node holds fails with one line
 * that names the port or the directory, a non-zero exit code, and no stack trace.
 */
@Tag("slow")
class StartupFailureTest {
  private static final String TOKEN = "startup-failure-token";

  private NodeProcess first;
  private NodeProcess second;

  @BeforeEach
  void createDataDirectories() {
    first = new NodeProcess(TOKEN);
    second = new NodeProcess(TOKEN);
  }

  @AfterEach
  void stopEverything() {
    second.close();
    first.close();
  }

  @Test
  void aUsedHttpPort_isAOneLineErrorNamingThePort() throws Exception {
    NodeProcess.Started running = first.start("first", Map.of());

    NodeProcess.Exited refused =
        second.startExpectingFailure(
            "second", Map.of("ORDO_HTTP_PORT", String.valueOf(running.port())));

    assertNotEquals(0, refused.exitCode(), refused.output());
    assertTrue(
        refused
            .output()
            .contains(
                "Ordo cannot start: the HTTP port "
                    + running.port()
                    + " on 127.0.0.1 is already in use"),
        refused.output());
    assertNoStackTrace(refused.output());
  }

  @Test
  void aUsedDataDirectory_isAOneLineErrorNamingTheDirectory() throws Exception {
    first.start("first", Map.of());

    NodeProcess.Exited refused = first.startExpectingFailure("second", Map.of());

    assertNotEquals(0, refused.exitCode(), refused.output());
    assertTrue(
        refused
            .output()
            .contains(
                "Ordo cannot start: the data directory "
                    + first.dataDir().toAbsolutePath()
                    + " is in use by another running Ordo node"),
        refused.output());
    assertNoStackTrace(refused.output());
  }

  /** One line says why, and no stack trace follows (log lines of the aborted start may precede). */
  private static void assertNoStackTrace(String output) {
    assertFalse(output.contains("\tat "), output);
    assertFalse(output.contains("Exception in thread"), output);
    assertFalse(output.contains("Node failed to start"), output);
    assertEquals(
        1, output.lines().filter(l -> l.startsWith("Ordo cannot start: ")).count(), output);
  }
}
