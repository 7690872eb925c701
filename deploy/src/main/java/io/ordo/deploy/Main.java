package io.ordo.deploy;

import io.ordo.config.ConfigException;
import io.ordo.config.ConfigLoader;
import io.ordo.config.OrdoConfig;
import io.ordo.db.DatabaseAddress;
import java.security.SecureRandom;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.Map;
import org.slf4j.LoggerFactory;

/**
 * {@code java -jar ordo.jar} starts the all-in-one node (every service in one JVM, an embedded
 * PostgreSQL unless {@code ORDO_DB_URL} is set). {@code java -jar ordo.jar queue|runner|history}
 * starts one service of a farm (clustered; needs {@code ORDO_DB_URL}). {@code java -jar ordo.jar
 * database} runs only the embedded PostgreSQL of a local farm.
 */
public final class Main {
  private Main() {}

  public static void main(String[] args) throws Exception {
    String command = args.length == 0 ? "all" : args[0];
    try {
      LogSettings.apply(System.getenv());
      switch (command) {
        case "all" -> runAllInOne();
        case "database" -> runDatabase();
        case "queue", "runner", "history" -> runService(NodeRole.parse(command));
        case "-h", "--help", "help" -> usage();
        default -> {
          usage();
          System.exit(2);
        }
      }
    } catch (ConfigException e) {
      System.err.println("Configuration error: " + e.getMessage());
      System.exit(2);
    } catch (Exception e) {
      StartupException startup = startupFailure(e);
      if (startup == null) {
        LoggerFactory.getLogger(Main.class).error("Node failed to start", e);
        System.exit(1);
      }
      System.err.println("Ordo cannot start: " + startup.getMessage());
      System.exit(1);
    }
  }

  /** The operator-fixable reason a start failed (maybe wrapped by a future), or null. */
  private static StartupException startupFailure(Throwable error) {
    for (Throwable cause = error; cause != null; cause = cause.getCause()) {
      if (cause instanceof StartupException startup) {
        return startup;
      }
    }
    return null;
  }

  private static void runAllInOne() throws Exception {
    Map<String, String> environment = new HashMap<>(System.getenv());
    String token = environment.get("ORDO_DEV_TOKEN");
    if (token == null || token.isBlank()) {
      token = randomToken();
      environment.put("ORDO_DEV_TOKEN", token);
    }
    OrdoConfig config = ConfigLoader.fromEnvironment(environment);
    NodeShutdown shutdown = NodeShutdown.install();
    EmbeddedDatabase embedded =
        config.database().embedded() ? shutdown.startDatabase(config.database().dataDir()) : null;
    DatabaseAddress database =
        embedded != null ? embedded.address() : DatabaseAddress.parse(config.database().url());
    boolean clustered = !config.cluster().members().isEmpty();
    OrdoNode node;
    try {
      node =
          shutdown
              .startNode(() -> OrdoNode.start(config, NodeRole.all(), database, clustered))
              .await();
    } catch (Exception e) {
      if (embedded != null) {
        embedded.close();
      }
      throw e;
    }
    String url = "http://" + config.http().host() + ":" + node.httpPort();
    System.out.println();
    System.out.println(
        "Ordo is ready at " + url + "  (API " + url + "/api/v1, health " + url + "/health/ready)");
    System.out.println("Operator token for tenant 'default': " + token);
    System.out.println(
        "Try: curl -H 'Authorization: Bearer " + token + "' " + url + "/api/v1/status");
    System.out.println();
    awaitShutdown(node, shutdown);
  }

  private static void runService(NodeRole role) throws Exception {
    OrdoConfig config = ConfigLoader.fromEnvironment(System.getenv());
    if (config.database().embedded()) {
      throw new ConfigException(
          "a farm service needs ORDO_DB_URL (postgresql://user:password@host:port/database)");
    }
    NodeShutdown shutdown = NodeShutdown.install();
    OrdoNode node =
        shutdown
            .startNode(
                () ->
                    OrdoNode.start(
                        config,
                        EnumSet.of(role),
                        DatabaseAddress.parse(config.database().url()),
                        true))
            .await();
    System.out.println(
        "Ordo "
            + role.name().toLowerCase()
            + " service "
            + config.nodeName()
            + " ready on port "
            + node.httpPort());
    awaitShutdown(node, shutdown);
  }

  private static void runDatabase() throws Exception {
    OrdoConfig config = ConfigLoader.fromEnvironment(System.getenv());
    NodeShutdown shutdown = NodeShutdown.install();
    DatabaseAddress address = shutdown.startDatabase(config.database().dataDir()).address();
    System.out.println(
        "ORDO_DB_URL=postgresql://"
            + address.user()
            + "@"
            + address.host()
            + ":"
            + address.port()
            + "/"
            + address.database());
    shutdown.awaitStopped();
  }

  /**
   * Blocks until SIGTERM/SIGINT has shut the node (and its database) down; a second signal while
   * running tasks are awaited releases them at once (see {@link SecondSignal}).
   */
  private static void awaitShutdown(OrdoNode node, NodeShutdown shutdown)
      throws InterruptedException {
    SecondSignal.install(node::stopWaiting);
    shutdown.awaitStopped();
  }

  private static String randomToken() {
    byte[] bytes = new byte[24];
    new SecureRandom().nextBytes(bytes);
    return HexFormat.of().formatHex(bytes);
  }

  private static void usage() {
    System.out.println(
        String.join(
            "\n",
            "usage: java -jar ordo.jar [all|queue|runner|history|database]",
            "  all       every service in one JVM, embedded PostgreSQL unless ORDO_DB_URL (default)",
            "  queue     the queue service and HTTP API of a farm (needs ORDO_DB_URL)",
            "  runner    a runner of a farm (needs ORDO_DB_URL)",
            "  history   the history service of a farm (needs ORDO_DB_URL)",
            "  database  only the embedded PostgreSQL (data in ORDO_DATA_DIR), for a local farm",
            "Configuration: ORDO_CONFIG=<yaml file> and ORDO_* variables; see README.md."));
  }
}
