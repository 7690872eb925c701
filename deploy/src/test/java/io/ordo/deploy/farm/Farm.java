package io.ordo.deploy.farm;

import io.ordo.deploy.NodeProcess;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * A local farm started with {@code deploy/farm} (separate JVMs in one Hazelcast cluster, on the
 * packaged ordo.jar), and the faults a chaos test injects into it: kill -9, SIGSTOP/SIGCONT, a
 * queue-service restart. {@link #close} runs {@code deploy/farm stop} and deletes the directory.
 */
final class Farm implements AutoCloseable {
  private static final Path SCRIPT = Path.of("farm").toAbsolutePath();
  private static final Path JAR = Path.of("target", "ordo.jar").toAbsolutePath();

  private final Path dir;
  private final int httpPort;
  private final Map<String, String> environment;

  private Farm(Path dir, int httpPort, Map<String, String> environment) {
    this.dir = dir;
    this.httpPort = httpPort;
    this.environment = environment;
  }

  /** Starts a farm of {@code runners} runner JVMs; returns once it is ready. */
  static Farm start(int runners, Map<String, String> extraEnvironment) throws Exception {
    if (!Files.exists(JAR)) {
      throw new IllegalStateException(
          JAR + " is missing: farm tests run after package (mvn verify)");
    }
    Path dir = Files.createTempDirectory("ordo-farm-");
    int port = NodeProcess.freePort();
    Map<String, String> env = new HashMap<>(extraEnvironment);
    env.put("ORDO_CLUSTER_NAME", "ordo-it-" + ProcessHandle.current().pid() + "-" + port);
    // chosen here, not by the script, so that a service this test restarts joins the same cluster
    env.put("ORDO_CLUSTER_PORT", String.valueOf(NodeProcess.freePortBlock()));
    env.put("ORDO_CLUSTER_MEMBERS", "127.0.0.1");
    Farm farm = new Farm(dir, port, env);
    int exit =
        farm.run(
            "start",
            "--dir",
            dir.toString(),
            "--runners",
            String.valueOf(runners),
            "--http-port",
            String.valueOf(port),
            "--metrics-port",
            String.valueOf(NodeProcess.freePortBlock()));
    if (exit != 0) {
      String logs = farm.logs();
      farm.close();
      throw new AssertionError("deploy/farm start failed (" + exit + "):\n" + logs);
    }
    return farm;
  }

  int httpPort() {
    return httpPort;
  }

  /** The Prometheus file_sd targets file {@code deploy/farm start} wrote. */
  Path prometheusTargets() {
    return dir.resolve("prometheus-targets.json");
  }

  long pid(String service, int index) {
    try {
      return Long.parseLong(
          Files.readString(dir.resolve("pids").resolve(service + "-" + index + ".pid")).trim());
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  void kill9(String service, int index) {
    ProcessHandle.of(pid(service, index)).ifPresent(ProcessHandle::destroyForcibly);
  }

  void pause(String service, int index) throws Exception {
    signal("STOP", pid(service, index));
  }

  void resume(String service, int index) throws Exception {
    signal("CONT", pid(service, index));
  }

  /**
   * Stops the queue service (SIGTERM) and starts a new one on the same port, with the farm's
   * environment; returns once it is ready.
   */
  void restartQueueService() throws Exception {
    ProcessHandle old = ProcessHandle.of(pid("queue", 1)).orElseThrow();
    old.destroy();
    old.onExit().get(60, TimeUnit.SECONDS);
    launchQueueService(1, httpPort, "queue-1-restarted.log");
  }

  /**
   * Starts one more queue service, {@code queue-<index>}, on a free HTTP port in the farm's cluster
   * (as an operator adds one by hand); returns its HTTP port once it is ready. {@link #close} stops
   * it with the farm.
   */
  int startQueueService(int index) throws Exception {
    int port = NodeProcess.freePort();
    launchQueueService(index, port, "queue-" + index + ".log");
    return port;
  }

  /**
   * Starts one more queue service as README's farm section says an operator adds one by hand: in a
   * shell that sources {@code D/farm.env} and sets nothing but the node's name and HTTP port (none
   * of this test's settings reach it); returns its HTTP port once it is ready.
   */
  int startQueueServiceByHand(int index) throws Exception {
    int port = NodeProcess.freePort();
    ProcessBuilder builder =
        new ProcessBuilder(
            "bash",
            "-c",
            ". \"$1\" && exec \"$2\" --add-opens java.base/java.lang=ALL-UNNAMED -Xmx512m -jar"
                + " \"$3\" queue",
            "bash",
            dir.resolve("farm.env").toString(),
            Path.of(System.getProperty("java.home"), "bin", "java").toString(),
            JAR.toString());
    builder.environment().keySet().removeIf(name -> name.startsWith("ORDO_"));
    builder.environment().put("ORDO_NODE_NAME", "queue-" + index);
    builder.environment().put("ORDO_HTTP_PORT", String.valueOf(port));
    awaitReady(builder, index, "queue-" + index + ".log");
    return port;
  }

  private void launchQueueService(int index, int port, String logName) throws Exception {
    ProcessBuilder builder =
        ordoJvm(
            "queue",
            "-Xmx512m",
            Map.of(
                "ORDO_DB_URL", Files.readString(dir.resolve("db-url")).trim(),
                "ORDO_NODE_NAME", "queue-" + index,
                "ORDO_HTTP_PORT", String.valueOf(port)));
    awaitReady(builder, index, logName);
  }

  /** {@code java -jar ordo.jar <role>} with the farm's settings and {@code overrides}. */
  private ProcessBuilder ordoJvm(String role, String heap, Map<String, String> overrides) {
    ProcessBuilder builder =
        new ProcessBuilder(
            List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "--add-opens",
                "java.base/java.lang=ALL-UNNAMED",
                heap,
                "-jar",
                JAR.toString(),
                role));
    builder.environment().putAll(environment);
    builder.environment().putAll(overrides);
    return builder;
  }

  /** Starts queue service {@code queue-<index>} and waits until its log says it is ready. */
  private void awaitReady(ProcessBuilder builder, int index, String logName) throws Exception {
    builder.redirectErrorStream(true);
    Path log = dir.resolve("logs").resolve(logName);
    builder.redirectOutput(log.toFile());
    Process process = builder.start();
    Files.writeString(
        dir.resolve("pids").resolve("queue-" + index + ".pid"), String.valueOf(process.pid()));
    for (int i = 0; i < 1200; i++) {
      if (Files.readString(log).contains("ready on port")) {
        return;
      }
      if (!process.isAlive()) {
        throw new AssertionError("queue service queue-" + index + " exited:\n" + logs());
      }
      Thread.sleep(100);
    }
    throw new AssertionError("queue service queue-" + index + " never got ready");
  }

  /** The database URL {@code deploy/farm start} gave every JVM. */
  String databaseUrl() throws IOException {
    return Files.readString(dir.resolve("db-url")).trim();
  }

  /**
   * Stops the database JVM (SIGTERM: it stops its PostgreSQL) and starts {@code java -jar ordo.jar
   * database} again on the farm's data directory, as an operator would; returns the URL it prints.
   */
  String restartDatabase() throws Exception {
    ProcessHandle old = ProcessHandle.of(pid("database", 1)).orElseThrow();
    old.destroy();
    old.onExit().get(60, TimeUnit.SECONDS);
    ProcessBuilder builder =
        ordoJvm("database", "-Xmx256m", Map.of("ORDO_DATA_DIR", dir.toString()));
    builder.redirectErrorStream(true);
    Path log = dir.resolve("logs").resolve("database-1-restarted.log");
    builder.redirectOutput(log.toFile());
    Process process = builder.start();
    Files.writeString(dir.resolve("pids").resolve("database-1.pid"), String.valueOf(process.pid()));
    for (int i = 0; i < 1200; i++) {
      for (String line : Files.readAllLines(log)) {
        if (line.startsWith("ORDO_DB_URL=")) {
          return line.substring("ORDO_DB_URL=".length()).trim();
        }
      }
      if (!process.isAlive()) {
        throw new AssertionError("the restarted database exited:\n" + logs());
      }
      Thread.sleep(100);
    }
    throw new AssertionError("the restarted database never printed its URL");
  }

  /** The last lines of every log, for a failure's message. */
  String logs() {
    StringBuilder text = new StringBuilder();
    try (Stream<Path> logs = Files.list(dir.resolve("logs"))) {
      for (Path log : logs.sorted().toList()) {
        List<String> lines = Files.readAllLines(log);
        text.append("== ").append(log.getFileName()).append('\n');
        lines
            .subList(Math.max(0, lines.size() - 15), lines.size())
            .forEach(l -> text.append(l).append('\n'));
      }
    } catch (IOException e) {
      text.append("(no logs: ").append(e).append(")");
    }
    return text.toString();
  }

  @Override
  public void close() throws IOException {
    // a paused JVM ignores SIGTERM until it is continued; the script continues them
    try {
      run("stop", "--dir", dir.toString());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    try (Stream<Path> files = Files.walk(dir)) {
      files.sorted(Comparator.reverseOrder()).forEach(path -> path.toFile().delete());
    }
  }

  private int run(String... arguments) throws IOException, InterruptedException {
    List<String> command = new ArrayList<>();
    command.add(SCRIPT.toString());
    command.addAll(List.of(arguments));
    ProcessBuilder builder = new ProcessBuilder(command);
    builder.environment().putAll(environment);
    builder.redirectErrorStream(true);
    builder.redirectOutput(ProcessBuilder.Redirect.INHERIT);
    Process process = builder.start();
    if (!process.waitFor(10, TimeUnit.MINUTES)) {
      process.destroyForcibly();
      throw new AssertionError("deploy/farm " + arguments[0] + " did not finish");
    }
    return process.exitValue();
  }

  private static void signal(String signal, long pid) throws Exception {
    Process kill = new ProcessBuilder("kill", "-" + signal, String.valueOf(pid)).start();
    if (kill.waitFor() != 0) {
      throw new AssertionError("kill -" + signal + " " + pid + " failed");
    }
  }
}
