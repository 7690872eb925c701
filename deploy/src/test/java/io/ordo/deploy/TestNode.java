package io.ordo.deploy;

import io.ordo.config.ConfigLoader;
import io.ordo.config.OrdoConfig;
import io.ordo.testing.TestDatabase;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.stream.Stream;

/**
 * Starts Ordo nodes for tests on the shared test database: the all-in-one set of services in one
 * Vert.x, listening on a free port, with tokens for a few tenants and roles.
 */
public final class TestNode {
  public static final String OPERATOR = "operator-token";
  public static final String SUBMITTER = "submitter-token";
  public static final String OTHER_TENANT = "other-tenant-token";
  public static final String ADMIN = "admin-token";

  /**
   * The test nodes' scripts directory: created with the sample scripts by the first node, deleted
   * when the test JVM exits.
   */
  public static final Path SCRIPTS =
      Path.of(System.getProperty("java.io.tmpdir"))
          .resolve("ordo-test-scripts-" + ProcessHandle.current().pid());

  static {
    Runtime.getRuntime()
        .addShutdownHook(new Thread(() -> deleteTree(SCRIPTS), "delete-test-scripts"));
  }

  /** Deletes a directory and everything in it, if it exists. */
  static void deleteTree(Path root) {
    if (!Files.exists(root)) {
      return;
    }
    try (Stream<Path> paths = Files.walk(root)) {
      paths.sorted(Comparator.reverseOrder()).forEach(path -> path.toFile().delete());
    } catch (IOException e) {
      throw new UncheckedIOException("cannot delete " + root, e);
    }
  }

  private TestNode() {}

  /** The environment every test node starts from; tests override entries. */
  public static Map<String, String> environment() {
    Map<String, String> env = new HashMap<>();
    env.put("ORDO_HTTP_PORT", "0");
    env.put("ORDO_DEV_TOKEN", OPERATOR);
    env.put(
        "ORDO_TOKENS",
        SUBMITTER
            + ":default:submitter,"
            + OTHER_TENANT
            + ":acme:operator,"
            + ADMIN
            + ":ops:admin");
    env.put("ORDO_ROUND_INTERVAL", "1");
    env.put("ORDO_LOCK_LEASE", "10");
    env.put("ORDO_LOCK_RENEWAL_PERIOD", "1");
    env.put("ORDO_SHUTDOWN_GRACE_PERIOD", "2");
    env.put("ORDO_NODE_NAME", "test-node");
    env.put("ORDO_SCRIPTS_DIR", SCRIPTS.toString());
    return env;
  }

  /**
   * The settings of a Hazelcast cluster of its own on loopback (a unique name beginning with {@code
   * prefix}, a free block of ports), for the test's clustered nodes to share.
   */
  public static Map<String, String> cluster(String prefix) {
    Map<String, String> cluster = new HashMap<>();
    cluster.put("ORDO_CLUSTER_NAME", prefix + "-" + UUID.randomUUID());
    cluster.put("ORDO_CLUSTER_PORT", String.valueOf(NodeProcess.freePortBlock()));
    cluster.put("ORDO_CLUSTER_MEMBERS", "127.0.0.1");
    return cluster;
  }

  /** The test environment with one setting changed. */
  public static Map<String, String> environment(String variable, String value) {
    Map<String, String> env = environment();
    env.put(variable, value);
    return env;
  }

  public static OrdoNode start() {
    return start(environment(), NodeRole.all(), false);
  }

  public static OrdoNode start(Map<String, String> environment) {
    return start(environment, NodeRole.all(), false);
  }

  /** A node with the queue and history services but no runner: nothing it holds ever runs. */
  public static OrdoNode startWithoutRunner() {
    return start(environment(), EnumSet.of(NodeRole.QUEUE, NodeRole.HISTORY), false);
  }

  public static OrdoNode start(
      Map<String, String> environment, Set<NodeRole> roles, boolean clustered) {
    return start(environment, roles, clustered, null);
  }

  /** A node on a clock the test moves (null: the usual clock, kept in step with the database). */
  public static OrdoNode start(
      Map<String, String> environment,
      Set<NodeRole> roles,
      boolean clustered,
      java.time.Clock clock) {
    OrdoConfig config = ConfigLoader.fromEnvironment(environment);
    return OrdoNode.start(config, roles, TestDatabase.address(), clustered, clock)
        .toCompletionStage()
        .toCompletableFuture()
        .join();
  }
}
