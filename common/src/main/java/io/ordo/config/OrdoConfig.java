package io.ordo.config;

import io.ordo.lock.LockRetryPolicy;
import io.ordo.parameter.ParameterLimits;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;

/**
 * A node's configuration, read once at start (from the YAML file and {@code ORDO_*} environment
 * variables by {@link ConfigLoader}) and passed through constructors. Every value has a named
 * default; README's "Configuration" section lists them.
 *
 * @param nodeName this node's name, shown as the task's {@code node}
 * @param http the HTTP listener
 * @param database where PostgreSQL is
 * @param cluster the Hazelcast cluster this node joins
 * @param runner the task runner's settings
 * @param lock lock owner leases and the instance-locked action
 * @param maxAttempts lease expiries a message survives before it fails with Ordo.LeaseExpired
 * @param shutdownGracePeriod how long a stopping node waits for running tasks
 * @param history history retention
 * @param stateMachines the bounds of state-machine executions
 * @param limits input limits
 * @param tokens the bearer tokens known at start
 * @param tokensFile where tokens are re-read from while running (null: no rotation)
 * @param devToken the all-in-one node's operator token for tenant {@code default}
 * @param scripts JavaScript tasks: where the scripts are and the sandbox's limits
 */
public record OrdoConfig(
    String nodeName,
    HttpOptions http,
    DatabaseOptions database,
    ClusterOptions cluster,
    RunnerOptions runner,
    LockOptions lock,
    int maxAttempts,
    Duration shutdownGracePeriod,
    HistoryOptions history,
    StateMachineOptions stateMachines,
    Limits limits,
    List<TokenEntry> tokens,
    Path tokensFile,
    String devToken,
    ScriptOptions scripts) {

  public static final int DEFAULT_MAX_ATTEMPTS = 3;
  public static final Duration DEFAULT_SHUTDOWN_GRACE_PERIOD = Duration.ofSeconds(30);

  /**
   * The HTTP listener.
   *
   * @param host the interface to bind; the all-in-one node's default is loopback only
   * @param port the port; 0 picks a free one
   * @param bodyLimitBytes the largest request body (413 past it)
   * @param idleTimeout how long a connection may stay without reading or writing before it is
   *     closed (a live tail writes a keep-alive comment every 15 s, so it stays open)
   * @param headerReadTimeout how long a request's head (request line and headers) may take to
   *     arrive once its first byte did; past it the connection is closed (slow-header attacks)
   */
  public record HttpOptions(
      String host,
      int port,
      long bodyLimitBytes,
      Duration idleTimeout,
      Duration headerReadTimeout) {
    public static final String DEFAULT_HOST = "127.0.0.1";
    public static final int DEFAULT_PORT = 8080;
    public static final long DEFAULT_BODY_LIMIT_BYTES = 2L * 1024 * 1024;
    public static final Duration DEFAULT_IDLE_TIMEOUT = Duration.ofSeconds(60);
    public static final Duration DEFAULT_HEADER_READ_TIMEOUT = Duration.ofSeconds(10);
  }

  /**
   * Where PostgreSQL is.
   *
   * @param url a {@code postgresql://user:password@host:port/database} URI, or {@code embedded}
   * @param dataDir the embedded server's data directory
   * @param poolSize connections per service pool
   */
  public record DatabaseOptions(String url, Path dataDir, int poolSize) {
    public static final String EMBEDDED = "embedded";
    public static final String DEFAULT_DATA_DIR = "./ordo-data";
    public static final int DEFAULT_POOL_SIZE = 8;

    public boolean embedded() {
      return EMBEDDED.equals(url);
    }
  }

  /**
   * The Hazelcast cluster.
   *
   * @param members TCP/IP member addresses ({@code host} or {@code host:port})
   * @param host the interface Hazelcast and the event bus bind to
   * @param port Hazelcast's first port (it tries the following ones too)
   * @param name the cluster's name: JVMs of another cluster name never join this one
   * @param eventBusPort the event bus's TCP port (0: any free one; fix it to open it in a firewall)
   * @param tls mutual TLS for the event bus, or null for plain TCP (a trusted private network)
   */
  public record ClusterOptions(
      List<String> members, String host, int port, String name, int eventBusPort, TlsFiles tls) {
    public static final String DEFAULT_NAME = "ordo";
    public static final String DEFAULT_HOST = "127.0.0.1";
    public static final int DEFAULT_PORT = 5701;
    public static final int DEFAULT_EVENT_BUS_PORT = 0;
  }

  /**
   * PEM files for mutual TLS: this node's certificate and key, and the certificates it trusts (a
   * node whose certificate it does not trust cannot exchange event-bus messages with it).
   *
   * @param certificate this node's certificate chain (PEM)
   * @param key this node's private key (PEM, PKCS#8)
   * @param trust the certificates (or CA) of the peers it accepts (PEM)
   */
  public record TlsFiles(Path certificate, Path key, Path trust) {}

  /**
   * The task runner (the seed's {@code task-runner-config}).
   *
   * @param maxThreads how many tasks this node has in its callbacks or {@code run} at once (from
   *     {@code setParameter} to {@code taskCompleted}; a task's outcome is written after its slot
   *     is free)
   * @param prefetch how many claimed parallel-queue messages it may hold beyond its free threads,
   *     accepted (READY) and waiting for a thread, so that claims and reports form large batches
   * @param roundInterval the poll interval, the safety net behind push notification
   * @param taskClasses task classes named in configuration, besides ServiceLoader's
   * @param pluginDir a directory of task jars, or null
   */
  public record RunnerOptions(
      int maxThreads,
      int prefetch,
      Duration roundInterval,
      List<String> taskClasses,
      Path pluginDir) {
    public static final int DEFAULT_MAX_THREADS = 8;
    public static final int DEFAULT_PREFETCH_PER_THREAD = 15;
    public static final int MAX_PREFETCH = 65_536;
    public static final Duration DEFAULT_ROUND_INTERVAL = Duration.ofSeconds(5);
  }

  /**
   * Lock owners and instance locks (SPEC 6).
   *
   * @param lease how long a lock owner's lease lasts without renewal
   * @param renewalPeriod how often a live owner renews it
   * @param instanceLockedAction what a node does when an instance is locked by another owner
   */
  public record LockOptions(
      Duration lease, Duration renewalPeriod, LockRetryPolicy instanceLockedAction) {
    public static final Duration DEFAULT_LEASE = Duration.ofSeconds(30);
    public static final Duration DEFAULT_RENEWAL_PERIOD = Duration.ofSeconds(5);
  }

  /**
   * History retention (SPEC 5).
   *
   * @param retentionDays days a closed history is kept, per tenant; absent tenants get the default
   * @param defaultRetentionDays the default for every tenant
   * @param purgeInterval how often the purge job runs
   */
  public record HistoryOptions(
      Map<String, Integer> retentionDays, int defaultRetentionDays, Duration purgeInterval) {
    public static final int DEFAULT_RETENTION_DAYS = 30;
    public static final Duration DEFAULT_PURGE_INTERVAL = Duration.ofHours(1);
    public static final int MAX_RETENTION_DAYS = 90;

    public int retentionDaysFor(String tenant) {
      return retentionDays.getOrDefault(tenant, defaultRetentionDays);
    }
  }

  /**
   * The bounds of a state-machine execution (SPEC 13, "Bounds everywhere"); an execution that goes
   * past one fails with {@code States.Runtime} or {@code States.DataLimitExceeded}.
   *
   * @param maxHistoryEvents the most events an execution's history holds (as Step Functions'
   *     25,000-event quota); the events that close it (aborts, the failure) come on top
   * @param maxTransitionsPerStep the most states one advance (a start, a task's outcome, a timer)
   *     enters, over all branches and Map items together
   * @param maxDataBytes the largest state input, output, task result or parameter in the history
   *     (serialized, UTF-8)
   * @param maxStepBytes the most state data one advance writes to the history
   */
  public record StateMachineOptions(
      int maxHistoryEvents,
      int maxTransitionsPerStep,
      int maxDataBytes,
      long maxStepBytes,
      long maxStepWork) {
    public static final int DEFAULT_MAX_HISTORY_EVENTS = 25_000;
    public static final int DEFAULT_MAX_TRANSITIONS_PER_STEP = 10_000;
    public static final int DEFAULT_MAX_DATA_BYTES = 1024 * 1024;
    public static final long DEFAULT_MAX_STEP_BYTES = 64L * 1024 * 1024;
    public static final long DEFAULT_MAX_STEP_WORK = 5_000_000;

    /** How deep state data may nest: well below JSON's 1,000 levels, with room for wrappers. */
    public static final int MAX_DATA_DEPTH = 512;

    public static final StateMachineOptions DEFAULTS =
        new StateMachineOptions(
            DEFAULT_MAX_HISTORY_EVENTS,
            DEFAULT_MAX_TRANSITIONS_PER_STEP,
            DEFAULT_MAX_DATA_BYTES,
            DEFAULT_MAX_STEP_BYTES,
            DEFAULT_MAX_STEP_WORK);
  }

  /**
   * Input limits (SPEC 10).
   *
   * @param parameter parameter size and depth
   * @param maxIdLength the longest queue id, idempotency key or other id
   * @param maxResultBytes the largest serialized result or heartbeat details a task may set, in
   *     UTF-8 bytes
   */
  public record Limits(ParameterLimits parameter, int maxIdLength, int maxResultBytes) {
    public static final int DEFAULT_MAX_ID_LENGTH = 255;
    public static final int DEFAULT_MAX_RESULT_BYTES = 1024 * 1024;
  }

  /**
   * JavaScript tasks (SPEC 9.4).
   *
   * @param directory the scripts directory a message's {@code jsPath} is relative to; every node of
   *     a farm must see the same files there
   * @param allowedClasses Java classes scripts may use (none by default)
   * @param maxInstructions the most instructions one task's script may run (0: no limit)
   */
  public record ScriptOptions(Path directory, List<String> allowedClasses, long maxInstructions) {
    public static final String DEFAULT_DIRECTORY = "./scripts";
    public static final long DEFAULT_MAX_INSTRUCTIONS = 1_000_000_000L;
  }

  /**
   * A bearer token as configured: either its SHA-256 hash ({@code sha256:<hex>}) or, for
   * development, the plain token.
   */
  public record TokenEntry(String tokenHash, String tenant, io.ordo.model.Role role) {}
}
