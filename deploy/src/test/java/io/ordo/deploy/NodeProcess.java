package io.ordo.deploy;

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

/**
 * All-in-one nodes in JVMs of their own ({@code io.ordo.deploy.Main} on this test's class path), on
 * one data directory, for tests that kill them. {@link #close} stops every JVM it started and the
 * embedded postgres of the data directory, and deletes the directory: nothing outlives a test.
 */
public final class NodeProcess implements AutoCloseable {
  public static final Duration START_TIMEOUT = Duration.ofSeconds(120);

  private final Path dataDir;
  private final String token;
  private final List<Process> started = new ArrayList<>();

  public NodeProcess(String token) {
    try {
      this.dataDir = Files.createTempDirectory("ordo-node-");
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    this.token = token;
  }

  public Path dataDir() {
    return dataDir;
  }

  /** Starts a node on a free port; answers once it is ready. */
  public Started start(String name, Map<String, String> extraEnvironment) {
    return start(name, extraEnvironment, new String[0]);
  }

  /**
   * Starts {@code io.ordo.deploy.Main} with {@code arguments} (e.g. {@code runner}, a farm's runner
   * service) on a free port; answers once it is ready.
   */
  public Started start(String name, Map<String, String> extraEnvironment, String... arguments) {
    int port = freePort();
    Started node = new Started(name, launch(name, port, extraEnvironment, arguments), port);
    node.awaitReady();
    return node;
  }

  /** Starts a node on a free port and answers at once, while it is starting. */
  public Started launch(String name, Map<String, String> extraEnvironment) {
    int port = freePort();
    return new Started(name, launch(name, port, extraEnvironment), port);
  }

  /**
   * Starts a node that is expected not to start (a used port, a used data directory); answers its
   * exit code and everything it printed, once its JVM has ended.
   */
  public Exited startExpectingFailure(
      String name, Map<String, String> extraEnvironment, String... arguments)
      throws InterruptedException {
    Process process = launch(name, freePort(), extraEnvironment, arguments);
    if (!process.waitFor(START_TIMEOUT.toSeconds(), TimeUnit.SECONDS)) {
      throw new AssertionError("node " + name + " neither started nor failed:\n" + output(name));
    }
    return new Exited(process.exitValue(), output(name));
  }

  /** A node JVM that has ended: its exit code and its whole output. */
  public record Exited(int exitCode, String output) {}

  private String output(String name) {
    try {
      return Files.readString(dataDir.resolve(name + ".log"));
    } catch (IOException e) {
      return "(no log: " + e + ")";
    }
  }

  private Process launch(
      String name, int port, Map<String, String> extraEnvironment, String... arguments) {
    String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
    ProcessBuilder builder =
        new ProcessBuilder(
            java,
            "-Xmx512m",
            "--add-opens",
            "java.base/java.lang=ALL-UNNAMED",
            "-cp",
            System.getProperty("java.class.path"),
            "io.ordo.deploy.Main");
    builder.command().addAll(List.of(arguments));
    Map<String, String> env = builder.environment();
    env.keySet().removeIf(key -> key.startsWith("ORDO_"));
    env.put("ORDO_DATA_DIR", dataDir.toString());
    env.put("ORDO_SCRIPTS_DIR", dataDir.resolve("scripts").toString());
    env.put("ORDO_HTTP_PORT", String.valueOf(port));
    env.put("ORDO_DEV_TOKEN", token);
    env.put("ORDO_NODE_NAME", name);
    env.put("ORDO_SHUTDOWN_GRACE_PERIOD", "2");
    env.putAll(extraEnvironment);
    builder.redirectErrorStream(true);
    builder.redirectOutput(dataDir.resolve(name + ".log").toFile());
    Process process;
    try {
      process = builder.start();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    started.add(process);
    return process;
  }

  /** A started node JVM. */
  public final class Started {
    private final String name;
    private final Process process;
    private final int port;

    Started(String name, Process process, int port) {
      this.name = name;
      this.process = process;
      this.port = port;
    }

    public int port() {
      return port;
    }

    public Process process() {
      return process;
    }

    /** kill -9: no shutdown hook runs; its postgres survives as an orphan. */
    public void kill() throws InterruptedException {
      process.destroyForcibly();
      if (!process.waitFor(30, TimeUnit.SECONDS)) {
        throw new AssertionError("node " + name + " did not die");
      }
    }

    /** SIGTERM, as an operator or a service manager stops a node; waits until the JVM exits. */
    public int terminate() throws InterruptedException {
      process.destroy();
      if (!process.waitFor(60, TimeUnit.SECONDS)) {
        throw new AssertionError("node " + name + " did not stop on SIGTERM:\n" + log());
      }
      return process.exitValue();
    }

    void awaitReady() {
      long deadline = System.nanoTime() + START_TIMEOUT.toNanos();
      String last = "none";
      // A short timeout: a request that reaches the server the instant it binds can go unanswered
      // (Vert.x creates a server's metrics just after the bind), so a probe retries instead.
      try (Api api = new Api(port, token, Duration.ofSeconds(2))) {
        while (System.nanoTime() < deadline) {
          if (!process.isAlive()) {
            throw new AssertionError(
                "node " + name + " exited with " + process.exitValue() + "; its log:\n" + log());
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
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
      throw new AssertionError(
          "node "
              + name
              + " not ready within "
              + START_TIMEOUT
              + " (last: "
              + last
              + "):\n"
              + log());
    }

    /** Waits until the node has printed {@code text}; answers its whole output. */
    public String awaitOutput(String text, Duration timeout) throws InterruptedException {
      long deadline = System.nanoTime() + timeout.toNanos();
      while (System.nanoTime() < deadline) {
        String output = output(name);
        if (output.contains(text)) {
          return output;
        }
        Thread.sleep(100);
      }
      throw new AssertionError(
          "node " + name + " did not print \"" + text + "\" within " + timeout + ":\n" + log());
    }

    public String log() {
      try {
        List<String> lines = Files.readAllLines(dataDir.resolve(name + ".log"));
        return String.join("\n", lines.subList(Math.max(0, lines.size() - 40), lines.size()));
      } catch (IOException e) {
        return "(no log: " + e + ")";
      }
    }
  }

  /** The PID in the embedded server's {@code postmaster.pid}, if there is one. */
  public Optional<Long> serverPid() {
    return EmbeddedDatabase.readPid(dataDir.resolve("postgres"));
  }

  @Override
  public void close() {
    for (Process process : started) {
      stop(process.toHandle());
    }
    serverPid()
        .flatMap(ProcessHandle::of)
        .filter(EmbeddedDatabase::isPostgres)
        .ifPresent(NodeProcess::stop);
    try (Stream<Path> files = Files.walk(dataDir)) {
      files.sorted(Comparator.reverseOrder()).forEach(path -> path.toFile().delete());
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** SIGTERM, then SIGKILL if it has not ended within a minute. */
  public static void stop(ProcessHandle process) {
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

  /**
   * A free port with the 19 after it free too, for what counts up from a port: a node's Hazelcast
   * member ({@code ORDO_CLUSTER_PORT}: a member whose port is taken takes the next), a farm's
   * metrics ports (one per JVM). Below the kernel's ephemeral range, where {@link #freePort} finds
   * the nodes' HTTP ports, so that a member counting up cannot take the HTTP port another node is
   * about to bind (it did: a runner JVM found its HTTP port taken by another's member).
   */
  public static int freePortBlock() {
    java.util.Random random = new java.util.Random();
    for (int attempt = 0; attempt < 200; attempt++) {
      int base = 20000 + 20 * random.nextInt(600); // 20000-31999: below 32768
      boolean free = true;
      for (int port = base; port < base + 20 && free; port++) {
        free = bindable(port);
      }
      if (free) {
        return base;
      }
    }
    throw new IllegalStateException("no block of 20 free ports");
  }

  /**
   * Whether nothing holds the port, not even a closed connection in TIME_WAIT: checked without
   * SO_REUSEADDR (which Java's ServerSocket sets by default), as {@code deploy/farm} checks its
   * ports. A block a previous farm had used passed this check with it, and then failed the
   * script's.
   */
  private static boolean bindable(int port) {
    try (ServerSocket socket = new ServerSocket()) {
      socket.setReuseAddress(false);
      socket.bind(new java.net.InetSocketAddress(InetAddress.getLoopbackAddress(), port), 1);
      return true;
    } catch (IOException e) {
      return false;
    }
  }

  /**
   * A port nothing holds, by the farm script's check ({@link #bindable}), below the ephemeral
   * range: a port the system handed out ({@code new ServerSocket(0)}) lay in the range outgoing
   * connections take theirs from, and could be in TIME_WAIT, so the farm script found one in use
   * (FarmTokenIT).
   */
  public static int freePort() {
    java.util.Random random = new java.util.Random();
    for (int attempt = 0; attempt < 200; attempt++) {
      int port = 20000 + random.nextInt(12000); // 20000-31999: below 32768
      if (bindable(port)) {
        return port;
      }
    }
    throw new IllegalStateException("no free port");
  }
}
