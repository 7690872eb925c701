package io.ordo.deploy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.ordo.db.DatabaseAddress;
import io.ordo.testing.TestDatabase;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
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

    assertRefused(
        refused,
        "Ordo cannot start: the HTTP port " + running.port() + " on 127.0.0.1 is already in use");
  }

  @Test
  void aUsedDataDirectory_isAOneLineErrorNamingTheDirectory() throws Exception {
    first.start("first", Map.of());

    NodeProcess.Exited refused = first.startExpectingFailure("second", Map.of());

    assertRefused(
        refused,
        "Ordo cannot start: the data directory "
            + first.dataDir().toAbsolutePath()
            + " is in use by another running Ordo node");
  }

  @Test
  void aDatabaseThatRefusesTheConnection_isAOneLineErrorNamingIt() throws Exception {
    int closed;
    try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      closed = socket.getLocalPort(); // nothing listens there once it is closed
    }
    String url = "postgresql://ordo:s3cret@127.0.0.1:" + closed + "/ordo";

    NodeProcess.Exited refused = first.startExpectingFailure("first", Map.of("ORDO_DB_URL", url));

    assertRefused(
        refused,
        "Ordo cannot start: cannot connect to the database postgresql://ordo@127.0.0.1:"
            + closed
            + "/ordo: Connection to 127.0.0.1:"
            + closed
            + " refused.");
    assertFalse(refused.output().contains("s3cret"), refused.output());
  }

  @Test
  void aRunnerOnADatabaseThatDoesNotExist_isAOneLineErrorNamingIt() throws Exception {
    DatabaseAddress server = TestDatabase.address();
    String url =
        "postgresql://"
            + server.user()
            + (server.password() == null ? "" : ":" + server.password())
            + "@"
            + server.host()
            + ":"
            + server.port()
            + "/no_such_database";
    Map<String, String> env =
        Map.of(
            "ORDO_DB_URL",
            url,
            "ORDO_CLUSTER_PORT",
            String.valueOf(NodeProcess.freePortBlock()),
            "ORDO_CLUSTER_NAME",
            "startup-failure-" + ProcessHandle.current().pid());

    NodeProcess.Exited refused = first.startExpectingFailure("runner", env, "runner");

    assertRefused(
        refused,
        "Ordo cannot start: cannot connect to the database "
            + "postgresql://"
            + server.user()
            + "@"
            + server.host()
            + ":"
            + server.port()
            + "/no_such_database: FATAL: database \"no_such_database\" does not exist");
  }

  @Test
  void anHttpHostNotOfThisMachine_isNotCalledAPortInUse_andItsDatabaseStops() throws Exception {
    // 192.0.2.1 (TEST-NET-1) is never an address of a machine
    NodeProcess.Exited refused =
        first.startExpectingFailure("first", Map.of("ORDO_HTTP_HOST", "192.0.2.1"));

    assertRefused(refused, "Ordo cannot start: cannot listen on 192.0.2.1:");
    assertTrue(refused.output().contains("set ORDO_HTTP_HOST"), refused.output());
    assertFalse(refused.output().contains("already in use"), refused.output());
    assertTrue(
        first.serverPid().flatMap(ProcessHandle::of).filter(ProcessHandle::isAlive).isEmpty(),
        "the embedded PostgreSQL stopped with the node");
  }

  @Test
  void aTaskClassThatCannotBeLoaded_isAOneLineErrorNamingIt() throws Exception {
    NodeProcess.Exited refused =
        first.startExpectingFailure("first", Map.of("ORDO_TASK_CLASSES", "com.example.NoSuchTask"));

    assertRefused(
        refused,
        "Ordo cannot start: the runner's task types cannot be loaded: task class"
            + " com.example.NoSuchTask cannot be loaded");
  }

  @Test
  void aDataDirectoryThatIsAFile_isAOneLineErrorNamingIt() throws Exception {
    Path file = Files.writeString(first.dataDir().resolve("not-a-directory"), "");

    NodeProcess.Exited refused =
        first.startExpectingFailure("first", Map.of("ORDO_DATA_DIR", file.toString()));

    assertRefused(
        refused,
        "Ordo cannot start: cannot use the data directory "
            + file
            + ": "
            + file.resolve("postgres")
            + ": Not a directory; set ORDO_DATA_DIR");
  }

  @Test
  void sigtermDuringTheStart_stopsTheEmbeddedPostgres() throws Exception {
    NodeProcess.Started starting = first.launch("first", Map.of());
    // the database is up; the node is still migrating a fresh schema
    starting.awaitOutput("Embedded PostgreSQL on port", NodeProcess.START_TIMEOUT);
    long server = first.serverPid().orElseThrow();

    starting.terminate();

    Optional<ProcessHandle> postgres = ProcessHandle.of(server);
    if (postgres.isPresent()) {
      try {
        postgres.get().onExit().get(60, TimeUnit.SECONDS);
      } catch (TimeoutException e) {
        throw new AssertionError("the embedded PostgreSQL outlived the node:\n" + starting.log());
      }
    }
    String output = starting.log();
    assertFalse(output.contains("\tat "), output);
    assertFalse(output.contains("Exception in thread"), output);
  }

  @Test
  void aRunnerOnAClusterHostNotOfThisMachine_isAOneLineErrorNamingIt() throws Exception {
    NodeProcess.Exited refused =
        first.startExpectingFailure(
            "runner",
            Map.of(
                "ORDO_DB_URL", "postgresql://ordo@127.0.0.1:5432/ordo",
                "ORDO_CLUSTER_HOST", "192.0.2.1"),
            "runner");

    assertRefused(
        refused,
        "Ordo cannot start: the cluster host 192.0.2.1 (192.0.2.1) is not an address of"
            + " this machine");
  }

  @Test
  void aLogLevelOrFormatThatIsNone_isAConfigurationError() throws Exception {
    // Logback read an unknown level as DEBUG, and an unknown format gave text logs, without a word
    NodeProcess.Exited level =
        first.startExpectingFailure("first", Map.of("ORDO_LOG_LEVEL", "LOUD"));
    assertEquals(2, level.exitCode(), level.output());
    assertTrue(
        level
            .output()
            .contains(
                "Configuration error: ORDO_LOG_LEVEL must be one of TRACE, DEBUG, INFO, WARN,"
                    + " ERROR, OFF, got 'LOUD'"),
        level.output());

    NodeProcess.Exited format =
        first.startExpectingFailure("first", Map.of("ORDO_LOG_FORMAT", "xml"));
    assertEquals(2, format.exitCode(), format.output());
    assertTrue(
        format
            .output()
            .contains("Configuration error: ORDO_LOG_FORMAT must be one of text, json, got 'xml'"),
        format.output());
    assertFalse(format.output().contains("\tat "), format.output());
  }

  /** The start failed (a non-zero exit code) with the expected line, and no stack trace. */
  private static void assertRefused(NodeProcess.Exited refused, String line) {
    assertNotEquals(0, refused.exitCode(), refused.output());
    assertTrue(refused.output().contains(line), refused.output());
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
