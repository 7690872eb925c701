package io.ordo.config;

import io.ordo.config.OrdoConfig.ClusterOptions;
import io.ordo.config.OrdoConfig.DatabaseOptions;
import io.ordo.config.OrdoConfig.HistoryOptions;
import io.ordo.config.OrdoConfig.HttpOptions;
import io.ordo.config.OrdoConfig.Limits;
import io.ordo.config.OrdoConfig.LockOptions;
import io.ordo.config.OrdoConfig.RunnerOptions;
import io.ordo.config.OrdoConfig.ScriptOptions;
import io.ordo.config.OrdoConfig.StateMachineOptions;
import io.ordo.config.OrdoConfig.TlsFiles;
import io.ordo.config.OrdoConfig.TokenEntry;
import io.ordo.db.DatabaseAddress;
import io.ordo.lock.LockRetryPolicy;
import io.ordo.parameter.ParameterLimits;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Reads a node's {@link OrdoConfig}: the YAML file (if any), then the {@code ORDO_*} environment
 * variables over it, then the defaults for whatever is still unset. Unknown or malformed values
 * fail the start with a message naming the key.
 */
public final class ConfigLoader {
  /** Environment variables and the configuration keys they override. */
  public static final Map<String, String> ENVIRONMENT_KEYS =
      Map.ofEntries(
          Map.entry("ORDO_NODE_NAME", "node.name"),
          Map.entry("ORDO_HTTP_HOST", "http.host"),
          Map.entry("ORDO_HTTP_PORT", "http.port"),
          Map.entry("ORDO_HTTP_IDLE_TIMEOUT", "http.idle-timeout"),
          Map.entry("ORDO_HTTP_HEADER_READ_TIMEOUT", "http.header-read-timeout"),
          Map.entry("ORDO_DB_URL", "database.url"),
          Map.entry("ORDO_DATA_DIR", "database.data-dir"),
          Map.entry("ORDO_DB_POOL_SIZE", "database.pool-size"),
          Map.entry("ORDO_CLUSTER_MEMBERS", "cluster.members"),
          Map.entry("ORDO_CLUSTER_HOST", "cluster.host"),
          Map.entry("ORDO_CLUSTER_PORT", "cluster.port"),
          Map.entry("ORDO_CLUSTER_NAME", "cluster.name"),
          Map.entry("ORDO_EVENT_BUS_PORT", "cluster.event-bus-port"),
          Map.entry("ORDO_CLUSTER_TLS_CERT", "cluster.tls.certificate"),
          Map.entry("ORDO_CLUSTER_TLS_KEY", "cluster.tls.key"),
          Map.entry("ORDO_CLUSTER_TLS_TRUST", "cluster.tls.trust"),
          Map.entry("ORDO_MAX_THREADS", "task-runner.max-threads"),
          Map.entry("ORDO_PREFETCH", "task-runner.prefetch"),
          Map.entry("ORDO_ROUND_INTERVAL", "task-runner.round-interval"),
          Map.entry("ORDO_PLUGIN_DIR", "task-runner.plugin-dir"),
          Map.entry("ORDO_TASK_CLASSES", "task-runner.task-classes"),
          Map.entry("ORDO_LOCK_LEASE", "lock.lease"),
          Map.entry("ORDO_LOCK_RENEWAL_PERIOD", "lock.renewal-period"),
          Map.entry("ORDO_LOCK_RETRY", "lock.instance-locked-exception-action"),
          Map.entry("ORDO_MAX_ATTEMPTS", "max-attempts"),
          Map.entry("ORDO_SHUTDOWN_GRACE_PERIOD", "shutdown.grace-period"),
          Map.entry("ORDO_HISTORY_RETENTION_DAYS", "history.retention-days"),
          Map.entry("ORDO_HISTORY_PURGE_INTERVAL", "history.purge-interval"),
          Map.entry("ORDO_MAX_HISTORY_EVENTS", "state-machines.max-history-events"),
          Map.entry("ORDO_MAX_TRANSITIONS_PER_STEP", "state-machines.max-transitions-per-step"),
          Map.entry("ORDO_TOKENS", "tokens"),
          Map.entry("ORDO_TOKENS_FILE", "tokens-file"),
          Map.entry("ORDO_DEV_TOKEN", "dev-token"),
          Map.entry("ORDO_SCRIPTS_DIR", "scripts-directory"),
          Map.entry("ORDO_SCRIPTS_ALLOWED_CLASSES", "scripts-allowed-classes"),
          Map.entry("ORDO_SCRIPTS_MAX_INSTRUCTIONS", "scripts-max-instructions"));

  /** The shortest duration a setting takes: the node's timers count in milliseconds. */
  private static final BigDecimal MIN_SECONDS = new BigDecimal("0.001");

  private static final BigDecimal MAX_SECONDS = BigDecimal.valueOf(31_536_000); // a year

  /** Netty counts the idle timeout in an int of milliseconds: about 24.8 days at most. */
  private static final BigDecimal MAX_IDLE_SECONDS = BigDecimal.valueOf(Integer.MAX_VALUE, 3);

  private static final int MAX_NODE_NAME_LENGTH = 255;

  /**
   * The most bytes one request body or one step's state data may be set to: PostgreSQL takes no
   * message past 1 GiB, and a Vert.x buffer none past 2 GiB.
   */
  static final long MAX_BYTES = 1L << 30;

  /** What share of the heap a request body may be set to: it is held a few times over as read. */
  static final int HEAP_SHARES_PER_BODY = 8;

  private static final String URL_FORM = "postgresql://user:password@host:port/database";

  private final Map<String, Object> values = new LinkedHashMap<>();

  private ConfigLoader() {}

  /**
   * Loads the configuration.
   *
   * @param file the YAML file, or null for none
   * @param environment the process environment (tests pass their own)
   */
  public static OrdoConfig load(Path file, Map<String, String> environment) {
    ConfigLoader loader = new ConfigLoader();
    if (file != null) {
      loader.readYaml(file);
    }
    loader.readEnvironment(environment);
    return loader.build();
  }

  /** Loads from the environment alone (the all-in-one node's usual case). */
  public static OrdoConfig fromEnvironment(Map<String, String> environment) {
    String file = environment.get("ORDO_CONFIG");
    return load(file == null || file.isBlank() ? null : Path.of(file), environment);
  }

  private void readYaml(Path file) {
    flatten("", YamlConfigFile.read(file));
  }

  private void flatten(String prefix, Map<?, ?> map) {
    for (Map.Entry<?, ?> entry : map.entrySet()) {
      String key = prefix + entry.getKey();
      Object value = entry.getValue();
      // Maps under these keys are data (per-tenant values), not nested configuration.
      boolean dataMap = ConfigKeys.DATA_MAPS.contains(key);
      if (value instanceof Map<?, ?> nested && !dataMap) {
        flatten(key + ".", nested);
        continue;
      }
      ConfigKeys.requireKnown(key);
      if (values.containsKey(key)) {
        // "http.port: 1" beside "http: {port: 2}": one key, written twice
        throw new ConfigException(key + " is given twice in the configuration file");
      } else {
        values.put(key, value);
      }
    }
  }

  private void readEnvironment(Map<String, String> environment) {
    ENVIRONMENT_KEYS.forEach(
        (variable, key) -> {
          String value = environment.get(variable);
          if (value != null && !value.isBlank()) {
            values.put(key, value.trim());
          }
        });
  }

  private OrdoConfig build() {
    Duration lease = seconds("lock.lease", LockOptions.DEFAULT_LEASE);
    Duration renewal = seconds("lock.renewal-period", LockOptions.DEFAULT_RENEWAL_PERIOD);
    if (renewal.compareTo(lease) >= 0) {
      throw new ConfigException(
          "lock.renewal-period (" + renewal + ") must be shorter than lock.lease (" + lease + ")");
    }
    int defaultRetention =
        integer("history.retention-days", HistoryOptions.DEFAULT_RETENTION_DAYS, 0, 90);
    int maxThreads = integer("task-runner.max-threads", RunnerOptions.DEFAULT_MAX_THREADS, 1, 4096);
    return new OrdoConfig(
        nodeName(),
        new HttpOptions(
            string("http.host", HttpOptions.DEFAULT_HOST),
            integer("http.port", HttpOptions.DEFAULT_PORT, 0, 65535),
            bodyLimit(),
            seconds("http.idle-timeout", HttpOptions.DEFAULT_IDLE_TIMEOUT, MAX_IDLE_SECONDS),
            seconds("http.header-read-timeout", HttpOptions.DEFAULT_HEADER_READ_TIMEOUT)),
        new DatabaseOptions(
            databaseUrl(),
            Path.of(string("database.data-dir", DatabaseOptions.DEFAULT_DATA_DIR)),
            integer("database.pool-size", DatabaseOptions.DEFAULT_POOL_SIZE, 1, 200)),
        new ClusterOptions(
            list("cluster.members"),
            string("cluster.host", ClusterOptions.DEFAULT_HOST),
            integer("cluster.port", ClusterOptions.DEFAULT_PORT, 1, 65535),
            string("cluster.name", ClusterOptions.DEFAULT_NAME),
            integer("cluster.event-bus-port", ClusterOptions.DEFAULT_EVENT_BUS_PORT, 0, 65535),
            clusterTls()),
        new RunnerOptions(
            maxThreads,
            integer(
                "task-runner.prefetch",
                RunnerOptions.DEFAULT_PREFETCH_PER_THREAD * maxThreads,
                0,
                RunnerOptions.MAX_PREFETCH),
            seconds("task-runner.round-interval", RunnerOptions.DEFAULT_ROUND_INTERVAL),
            list("task-runner.task-classes"),
            optionalPath("task-runner.plugin-dir")),
        new LockOptions(lease, renewal, lockRetryPolicy()),
        integer("max-attempts", OrdoConfig.DEFAULT_MAX_ATTEMPTS, 1, 1000),
        seconds("shutdown.grace-period", OrdoConfig.DEFAULT_SHUTDOWN_GRACE_PERIOD),
        new HistoryOptions(
            tenantRetention(),
            defaultRetention,
            seconds("history.purge-interval", HistoryOptions.DEFAULT_PURGE_INTERVAL)),
        stateMachineOptions(),
        new Limits(
            new ParameterLimits(
                integer("limits.parameter-bytes", ParameterLimits.DEFAULT_MAX_BYTES, 2, 64 << 20),
                integer("limits.parameter-depth", ParameterLimits.DEFAULT_MAX_DEPTH, 1, 512)),
            integer("limits.id-length", Limits.DEFAULT_MAX_ID_LENGTH, 1, 255),
            integer("limits.result-bytes", Limits.DEFAULT_MAX_RESULT_BYTES, 2, 64 << 20)),
        tokens(),
        optionalPath("tokens-file"),
        string("dev-token", null),
        new ScriptOptions(scriptsDirectory(), list("scripts-allowed-classes"), maxInstructions()));
  }

  /**
   * The scripts directory; it may be absent (no scripts, or the all-in-one node creates it with the
   * samples), but not something else: a file there made the node start with no scripts, and every
   * registration of one answered that there was no such script.
   */
  private Path scriptsDirectory() {
    Path directory = Path.of(string("scripts-directory", ScriptOptions.DEFAULT_DIRECTORY));
    if (Files.exists(directory) && !Files.isDirectory(directory)) {
      throw new ConfigException("scripts-directory: " + directory + " is not a directory");
    }
    return directory;
  }

  private StateMachineOptions stateMachineOptions() {
    return new StateMachineOptions(
        integer(
            "state-machines.max-history-events",
            StateMachineOptions.DEFAULT_MAX_HISTORY_EVENTS,
            100,
            1_000_000),
        integer(
            "state-machines.max-transitions-per-step",
            StateMachineOptions.DEFAULT_MAX_TRANSITIONS_PER_STEP,
            10,
            1_000_000),
        integer(
            "state-machines.max-data-bytes",
            StateMachineOptions.DEFAULT_MAX_DATA_BYTES,
            1024,
            64 << 20),
        bytes("state-machines.max-step-bytes", StateMachineOptions.DEFAULT_MAX_STEP_BYTES),
        longValue("state-machines.max-step-work", StateMachineOptions.DEFAULT_MAX_STEP_WORK));
  }

  /**
   * The node's name: stored with every lock owner and task it runs, in columns of 255 characters,
   * so a longer one failed the start at the first insert with PostgreSQL's error.
   */
  private String nodeName() {
    String name = string("node.name", defaultNodeName());
    if (name.isBlank()) {
      throw new ConfigException("node.name must not be blank");
    }
    int length = name.codePointCount(0, name.length());
    if (length > MAX_NODE_NAME_LENGTH) {
      throw new ConfigException(
          "node.name must be at most " + MAX_NODE_NAME_LENGTH + " characters long, not " + length);
    }
    return name;
  }

  /** {@code embedded}, or a URI the node can connect with (checked now, not at first use). */
  private String databaseUrl() {
    String url = string("database.url", DatabaseOptions.EMBEDDED);
    if (!url.equals(DatabaseOptions.EMBEDDED)) {
      try {
        DatabaseAddress.parse(url);
      } catch (IllegalArgumentException e) {
        throw new ConfigException(
            "database.url: "
                + e.getMessage()
                + "; use "
                + DatabaseOptions.EMBEDDED
                + " or "
                + URL_FORM);
      }
    }
    return url;
  }

  /** All three TLS files, each readable, or none of them (plain TCP). */
  private TlsFiles clusterTls() {
    Path certificate = optionalPath("cluster.tls.certificate");
    Path key = optionalPath("cluster.tls.key");
    Path trust = optionalPath("cluster.tls.trust");
    if (certificate == null && key == null && trust == null) {
      return null;
    }
    if (certificate == null || key == null || trust == null) {
      throw new ConfigException(
          "cluster.tls needs all of certificate, key and trust (ORDO_CLUSTER_TLS_CERT,"
              + " ORDO_CLUSTER_TLS_KEY, ORDO_CLUSTER_TLS_TRUST), or none of them");
    }
    PemFiles.requireCertificate("cluster.tls.certificate", certificate);
    PemFiles.requirePrivateKey("cluster.tls.key", key);
    PemFiles.requireCertificate("cluster.tls.trust", trust);
    return new TlsFiles(certificate, key, trust);
  }

  private LockRetryPolicy lockRetryPolicy() {
    String name = string("lock.instance-locked-exception-action", "NoRetry");
    LockRetryPolicy named;
    try {
      named = LockRetryPolicy.named(name);
    } catch (IllegalArgumentException e) {
      throw new ConfigException("lock.instance-locked-exception-action: " + e.getMessage());
    }
    try {
      if (named instanceof LockRetryPolicy.BasicRetry basic) {
        return new LockRetryPolicy.BasicRetry(
            millis("lock.basic-retry.interval-millis", basic.interval()),
            millis("lock.basic-retry.limit-millis", basic.limit()));
      }
      if (named instanceof LockRetryPolicy.AggressiveRetry aggressive) {
        return new LockRetryPolicy.AggressiveRetry(
            millis("lock.aggressive-retry.initial-millis", aggressive.initial()),
            millis("lock.aggressive-retry.max-millis", aggressive.max()),
            millis("lock.aggressive-retry.limit-millis", aggressive.limit()));
      }
    } catch (IllegalArgumentException e) {
      throw new ConfigException("lock: " + e.getMessage());
    }
    return named;
  }

  private Map<String, Integer> tenantRetention() {
    Object tenants = value("history.tenants");
    Map<String, Integer> result = new LinkedHashMap<>();
    if (tenants instanceof Map<?, ?> map) {
      for (Map.Entry<?, ?> entry : map.entrySet()) {
        int days = toInt("history.tenants." + entry.getKey(), entry.getValue(), 0, 90);
        result.put(String.valueOf(entry.getKey()), days);
      }
    } else if (tenants != null) {
      throw new ConfigException("history.tenants must map tenant names to days");
    }
    return Map.copyOf(result);
  }

  /**
   * Tokens from YAML (a list of {token|hash, tenant, role}) or ORDO_TOKENS (token:tenant:role,…).
   */
  private List<TokenEntry> tokens() {
    Object raw = value("tokens");
    List<TokenEntry> tokens = new ArrayList<>();
    if (raw instanceof String text) {
      tokens.addAll(TokenEntries.parseList(text));
    } else if (raw instanceof List<?> list) {
      for (Object item : list) {
        if (!(item instanceof Map<?, ?> map)) {
          throw new ConfigException("tokens: each entry needs token (or hash), tenant and role");
        }
        tokens.add(TokenEntries.fromMap(map));
      }
    } else if (raw != null) {
      throw new ConfigException("tokens must be a list or token:tenant:role,... text");
    }
    return List.copyOf(tokens);
  }

  /**
   * The value given for a key, or null. Every setting is read through here, so that a key read but
   * missing from {@link ConfigKeys} (which a file would then be refused for) fails every start.
   */
  private Object value(String key) {
    if (!ConfigKeys.KNOWN.contains(key)) {
      throw new IllegalStateException("not a key of ConfigKeys: " + key);
    }
    return values.get(key);
  }

  private String string(String key, String fallback) {
    Object value = value(key);
    if (value instanceof List<?> || value instanceof Map<?, ?>) {
      // String.valueOf would make "[a, b]" a host name, a URL or a directory
      throw new ConfigException(key + " must be a single value, not " + shape(value));
    }
    return value == null ? fallback : String.valueOf(value);
  }

  private static String shape(Object value) {
    return value instanceof List<?> ? "a list" : "a mapping";
  }

  private int integer(String key, int fallback, int min, int max) {
    Object value = value(key);
    return value == null ? fallback : toInt(key, value, min, max);
  }

  private static int toInt(String key, Object value, int min, int max) {
    return (int) whole(key, value, min, max);
  }

  /**
   * A whole number within bounds. YAML hands over {@code 2.9} as a Double and {@code 4294975376} as
   * a Long, which {@code intValue()} would truncate to 2 and wrap to 8080: every value is read
   * exactly instead, and one that is not whole or not in range is refused.
   */
  private static long whole(String key, Object value, long min, long max) {
    BigDecimal number;
    try {
      number = new BigDecimal(value.toString().trim());
    } catch (NumberFormatException e) {
      throw new ConfigException(key + " must be a whole number: " + value);
    }
    if (number.signum() != 0 && number.stripTrailingZeros().scale() > 0) {
      throw new ConfigException(key + " must be a whole number: " + value);
    }
    boolean tooSmall = number.compareTo(BigDecimal.valueOf(min)) < 0;
    if (tooSmall || number.compareTo(BigDecimal.valueOf(max)) > 0) {
      String range =
          tooSmall && max == Long.MAX_VALUE ? "at least " + min : "between " + min + " and " + max;
      throw new ConfigException(key + " must be " + range + ": " + value);
    }
    return number.longValueExact();
  }

  private long maxInstructions() {
    Object value = value("scripts-max-instructions");
    if (value != null && "0".equals(value.toString().trim())) {
      return 0; // no limit
    }
    return longValue("scripts-max-instructions", ScriptOptions.DEFAULT_MAX_INSTRUCTIONS);
  }

  private long bytes(String key, long fallback) {
    Object value = value(key);
    return value == null ? fallback : whole(key, value, 1, MAX_BYTES);
  }

  /**
   * The request body limit, at most an eighth of the heap: a body is held as it arrives, again as
   * the text parsed and again as the JSON it parses to, so a limit near the heap let one request
   * take the node down (a limit of 4 GiB and a body of 2.3 GB: OutOfMemoryError on the event loop,
   * and the node answered nothing more).
   */
  private long bodyLimit() {
    String key = "http.body-limit-bytes";
    long limit = bytes(key, HttpOptions.DEFAULT_BODY_LIMIT_BYTES);
    long heapShare = Runtime.getRuntime().maxMemory() / HEAP_SHARES_PER_BODY;
    if (value(key) != null && limit > heapShare) {
      throw new ConfigException(
          key
              + " must be at most an eighth of the heap ("
              + heapShare
              + " bytes; raise -Xmx for more): "
              + limit);
    }
    return limit;
  }

  private long longValue(String key, long fallback) {
    Object value = value(key);
    return value == null ? fallback : whole(key, value, 1, Long.MAX_VALUE);
  }

  /** A duration given in seconds (fractions allowed, e.g. 0.5), from 1 ms to a year. */
  private Duration seconds(String key, Duration fallback) {
    return seconds(key, fallback, MAX_SECONDS);
  }

  /**
   * A duration given in seconds, to the millisecond. A value that rounds to 0 ms is refused: the
   * node's timers cannot run every 0 ms (Vert.x refused at start, with a stack trace) and a header
   * timeout of 0 closed every connection at its first byte.
   */
  private Duration seconds(String key, Duration fallback, BigDecimal maxSeconds) {
    Object value = value(key);
    if (value == null) {
      return fallback;
    }
    BigDecimal seconds;
    try {
      seconds = new BigDecimal(value.toString().trim());
    } catch (NumberFormatException e) {
      throw new ConfigException(key + " must be a number of seconds: " + value);
    }
    if (seconds.compareTo(MIN_SECONDS) < 0 || seconds.compareTo(maxSeconds) > 0) {
      throw new ConfigException(
          key
              + " must be between "
              + MIN_SECONDS.toPlainString()
              + " and "
              + maxSeconds.toPlainString()
              + " seconds: "
              + value);
    }
    return Duration.ofMillis(
        seconds.movePointRight(3).setScale(0, RoundingMode.HALF_UP).longValueExact());
  }

  private Duration millis(String key, Duration fallback) {
    Object value = value(key);
    return value == null ? fallback : Duration.ofMillis(longValue(key, fallback.toMillis()));
  }

  private List<String> list(String key) {
    Object value = value(key);
    if (value == null) {
      return List.of();
    }
    if (value instanceof List<?> list) {
      for (Object item : list) {
        if (item == null || item instanceof List<?> || item instanceof Map<?, ?>) {
          throw new ConfigException(
              key
                  + " must list single values, not "
                  + (item == null ? "an empty item" : shape(item)));
        }
      }
      return list.stream().map(String::valueOf).map(String::trim).toList();
    }
    if (value instanceof Map<?, ?>) {
      throw new ConfigException(key + " must be a list or comma-separated text, not a mapping");
    }
    return java.util.Arrays.stream(value.toString().split(","))
        .map(String::trim)
        .filter(s -> !s.isEmpty())
        .toList();
  }

  private Path optionalPath(String key) {
    String value = string(key, null);
    return value == null || value.isBlank() ? null : Path.of(value);
  }

  private static String defaultNodeName() {
    String host;
    try {
      host = java.net.InetAddress.getLocalHost().getHostName();
    } catch (java.net.UnknownHostException e) {
      host = "localhost";
    }
    return host + "-" + ProcessHandle.current().pid();
  }
}
