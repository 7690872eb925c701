package io.ordo.config;

import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;

/**
 * Every key a configuration file may set (README's "Configuration" table). A key outside it is a
 * misspelling or a key of another version, refused rather than ignored: an ignored {@code
 * http.prot: 9000} would leave the node on its default port without a word.
 */
final class ConfigKeys {
  /** Keys whose value is a mapping of data (a tenant's days), not nested keys. */
  static final Set<String> DATA_MAPS = Set.of("history.tenants");

  static final Set<String> KNOWN =
      Set.of(
          "node.name",
          "http.host",
          "http.port",
          "http.body-limit-bytes",
          "http.idle-timeout",
          "http.header-read-timeout",
          "database.url",
          "database.data-dir",
          "database.pool-size",
          "cluster.members",
          "cluster.host",
          "cluster.port",
          "cluster.name",
          "cluster.event-bus-port",
          "cluster.tls.certificate",
          "cluster.tls.key",
          "cluster.tls.trust",
          "task-runner.max-threads",
          "task-runner.prefetch",
          "task-runner.round-interval",
          "task-runner.task-classes",
          "task-runner.plugin-dir",
          "lock.lease",
          "lock.renewal-period",
          "lock.instance-locked-exception-action",
          "lock.basic-retry.interval-millis",
          "lock.basic-retry.limit-millis",
          "lock.aggressive-retry.initial-millis",
          "lock.aggressive-retry.max-millis",
          "lock.aggressive-retry.limit-millis",
          "max-attempts",
          "shutdown.grace-period",
          "history.retention-days",
          "history.tenants",
          "history.purge-interval",
          "state-machines.max-history-events",
          "state-machines.max-transitions-per-step",
          "state-machines.max-data-bytes",
          "state-machines.max-step-bytes",
          "state-machines.max-step-work",
          "limits.parameter-bytes",
          "limits.parameter-depth",
          "limits.id-length",
          "limits.result-bytes",
          "tokens",
          "tokens-file",
          "dev-token",
          "scripts-directory",
          "scripts-allowed-classes",
          "scripts-max-instructions");

  private ConfigKeys() {}

  /** Refuses a key no setting has, naming the keys of its section when it has a known one. */
  static void requireKnown(String key) {
    if (KNOWN.contains(key)) {
      return;
    }
    int dot = key.lastIndexOf('.');
    String section = dot < 0 ? "" : key.substring(0, dot + 1);
    Set<String> siblings =
        KNOWN.stream()
            .filter(known -> !section.isEmpty() && known.startsWith(section))
            .map(known -> known.substring(section.length()))
            .collect(Collectors.toCollection(TreeSet::new));
    throw new ConfigException(
        "unknown configuration key "
            + key
            + (siblings.isEmpty()
                ? " (README's Configuration section lists every key)"
                : " ("
                    + section.substring(0, section.length() - 1)
                    + " has: "
                    + String.join(", ", siblings)
                    + ")"));
  }
}
