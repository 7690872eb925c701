package io.ordo.config;

import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import io.ordo.db.DatabaseAddress;
import io.ordo.ops.HealthChecks;
import java.time.Clock;

/**
 * What every service of one node shares, handed to each verticle's constructor: the configuration,
 * the clock, the database's address, the readiness and liveness checks and the metrics registry.
 *
 * @param config the node's configuration
 * @param clock the clock every timestamp Ordo writes comes from (kept in step with the database)
 * @param database where PostgreSQL is
 * @param health the node's readiness checks, to which each service adds its own
 * @param liveness the node's liveness checks: what would not mend itself without a restart
 * @param registry the Prometheus registry behind {@code /metrics}; null where nobody scrapes
 */
public record NodeContext(
    OrdoConfig config,
    Clock clock,
    DatabaseAddress database,
    HealthChecks health,
    HealthChecks liveness,
    PrometheusMeterRegistry registry) {

  /** The registry domain metrics go to (a private one where nobody scrapes). */
  public MeterRegistry meters() {
    return registry != null
        ? registry
        : new io.micrometer.core.instrument.simple.SimpleMeterRegistry();
  }
}
