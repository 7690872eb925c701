package io.ordo.client.it;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * An all-in-one node ({@code java -jar ordo.jar}, built by the deploy module) in a JVM of its own,
 * on a free port (port 0, read back from its log) with an embedded PostgreSQL in a temporary data
 * directory. {@link #close} stops it by its PID (and its database, should the JVM have been killed)
 * and deletes the directory.
 */
final class NodeProcess implements AutoCloseable {
  static final String OPERATOR = "it-operator-token";
  static final String SUBMITTER = "it-submitter-token";
  static final String OTHER_TENANT = "it-acme-token";
  static final String ADMIN = "it-admin-token";

  private static final Duration START_TIMEOUT = Duration.ofSeconds(180);
  private static final Pattern READY = Pattern.compile("Ordo is ready at (http://\\S+?)\\s");

  private final Path dataDir;
  private final Process process;
  private final String baseUrl;

  private NodeProcess(Path dataDir, Process process, String baseUrl) {
    this.dataDir = dataDir;
    this.process = process;
    this.baseUrl = baseUrl;
  }

  /** Starts a node and waits until it says it is ready. */
  static NodeProcess start() {
    Path jar = Path.of(System.getProperty("ordo.jar", "../target/ordo.jar")).toAbsolutePath();
    if (!Files.exists(jar)) {
      throw new IllegalStateException(jar + " is missing: run the reactor (mvn verify)");
    }
    try {
      Path dataDir = Files.createTempDirectory("ordo-client-it-");
      ProcessBuilder builder =
          new ProcessBuilder(java(), "-Xmx512m", "-jar", jar.toString())
              .redirectErrorStream(true)
              .redirectOutput(dataDir.resolve("node.log").toFile());
      Map<String, String> env = builder.environment();
      env.keySet().removeIf(key -> key.startsWith("ORDO_"));
      env.put("ORDO_DATA_DIR", dataDir.resolve("data").toString());
      env.put("ORDO_HTTP_PORT", "0");
      env.put("ORDO_DEV_TOKEN", OPERATOR);
      env.put(
          "ORDO_TOKENS",
          SUBMITTER
              + ":default:submitter,"
              + OTHER_TENANT
              + ":acme:operator,"
              + ADMIN
              + ":default:admin");
      env.put("ORDO_SHUTDOWN_GRACE_PERIOD", "2");
      env.put("ORDO_ROUND_INTERVAL", "1");
      // created by the node with the sample scripts (echo.js, fail.js, heartbeat.js)
      env.put("ORDO_SCRIPTS_DIR", dataDir.resolve("scripts").toString());
      Process process = builder.start();
      NodeProcess node = new NodeProcess(dataDir, process, awaitReady(process, dataDir));
      return node;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  static String java() {
    return Path.of(System.getProperty("java.home"), "bin", "java").toString();
  }

  private static String awaitReady(Process process, Path dataDir) {
    long deadline = System.nanoTime() + START_TIMEOUT.toNanos();
    Path log = dataDir.resolve("node.log");
    try {
      while (System.nanoTime() < deadline) {
        Matcher ready = READY.matcher(Files.readString(log));
        if (ready.find()) {
          return ready.group(1);
        }
        if (!process.isAlive()) {
          throw new AssertionError("the node exited:\n" + Files.readString(log));
        }
        Thread.sleep(100);
      }
      throw new AssertionError("the node was not ready in time:\n" + Files.readString(log));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new AssertionError(e);
    }
  }

  /** e.g. {@code http://127.0.0.1:41234} */
  String baseUrl() {
    return baseUrl;
  }

  /** The node's scripts directory ({@code ORDO_SCRIPTS_DIR}), with the sample scripts. */
  Path scriptsDir() {
    return dataDir.resolve("scripts");
  }

  long pid() {
    return process.pid();
  }

  /** The embedded PostgreSQL's JDBC URL (user postgres), from its pid file. */
  String jdbcUrl() {
    List<String> lines =
        read(dataDir.resolve("data").resolve("postgres").resolve("postmaster.pid"));
    return "jdbc:postgresql://127.0.0.1:" + lines.get(3).trim() + "/postgres";
  }

  /** kill -STOP: the node holds its connections but answers nothing. */
  void pause() throws Exception {
    signal("STOP");
  }

  /** kill -9 of the node's JVM (its database is stopped by {@link #close}). */
  void kill() throws InterruptedException {
    process.destroyForcibly();
    process.waitFor(60, TimeUnit.SECONDS);
  }

  private void signal(String signal) throws Exception {
    Process kill = new ProcessBuilder("kill", "-" + signal, String.valueOf(pid())).start();
    if (kill.waitFor() != 0) {
      throw new AssertionError("kill -" + signal + " " + pid() + " failed");
    }
  }

  @Override
  public void close() throws Exception {
    if (process.isAlive()) {
      signal("CONT");
      process.destroy();
      if (!process.waitFor(60, TimeUnit.SECONDS)) {
        process.destroyForcibly();
        process.waitFor(30, TimeUnit.SECONDS);
      }
    }
    // a node killed with -9 leaves its postgres running: stop that one, by its pid file
    postgresPid()
        .flatMap(ProcessHandle::of)
        .ifPresent(
            postgres -> {
              postgres.destroy();
              postgres.onExit().orTimeout(30, TimeUnit.SECONDS).join();
            });
    try (Stream<Path> files = Files.walk(dataDir)) {
      files.sorted(Comparator.reverseOrder()).forEach(path -> path.toFile().delete());
    }
  }

  private Optional<Long> postgresPid() {
    Path pidFile = dataDir.resolve("data").resolve("postgres").resolve("postmaster.pid");
    if (!Files.exists(pidFile)) {
      return Optional.empty();
    }
    return Optional.of(Long.parseLong(read(pidFile).get(0).trim()));
  }

  private static List<String> read(Path file) {
    try {
      return Files.readAllLines(file);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
