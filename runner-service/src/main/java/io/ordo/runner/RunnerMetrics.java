package io.ordo.runner;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import java.util.concurrent.TimeUnit;
import java.util.function.IntSupplier;

/**
 * A runner's own metrics: busy threads, its capacity, its claims' round trips, and its claims by
 * outcome (took messages, took none, failed).
 */
public final class RunnerMetrics implements ClaimLoop.Outcomes {
  private final Timer claims;
  private final Counter took;
  private final Counter empty;
  private final Counter failed;

  private RunnerMetrics(Timer claims, MeterRegistry registry, String node) {
    this.claims = claims;
    this.took = outcome(registry, node, "took");
    this.empty = outcome(registry, node, "empty");
    this.failed = outcome(registry, node, "failed");
  }

  private static Counter outcome(MeterRegistry registry, String node, String outcome) {
    return Counter.builder("ordo.runner.claims")
        .description(
            "This runner's claims by outcome: answered with messages (took), answered with none"
                + " (empty), or failed (unanswered, refused, or the statement failed)")
        .tag("node", node)
        .tag("outcome", outcome)
        .register(registry);
  }

  public static RunnerMetrics register(
      MeterRegistry registry, String node, int maxThreads, IntSupplier busy) {
    Gauge.builder("ordo.runner.busy.threads", busy::getAsInt)
        .description("Tasks this runner holds in INITIAL..RUNNING")
        .tag("node", node)
        .register(registry);
    Gauge.builder("ordo.runner.max.threads", () -> maxThreads)
        .description("task-runner.max-threads of this runner")
        .tag("node", node)
        .register(registry);
    return new RunnerMetrics(
        Timer.builder("ordo.runner.claim")
            .description(
                "Round trip of this runner's answered claims, sent to answered: a runner takes at"
                    + " most max-threads serial heads a round trip")
            .tag("node", node)
            .publishPercentileHistogram()
            .register(registry),
        registry,
        node);
  }

  @Override
  public void answered(long nanos, int took) {
    claims.record(nanos, TimeUnit.NANOSECONDS);
    (took > 0 ? this.took : empty).increment();
  }

  @Override
  public void failed() {
    failed.increment();
  }
}
