package io.ordo.runner;

import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import java.util.concurrent.TimeUnit;
import java.util.function.IntSupplier;

/** A runner's own metrics: busy threads, its capacity and its claims' round trips. */
public final class RunnerMetrics {
  private final Timer claims;

  private RunnerMetrics(Timer claims) {
    this.claims = claims;
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
            .register(registry));
  }

  /** A claim was answered {@code nanos} after it was sent. */
  void claimAnswered(long nanos) {
    claims.record(nanos, TimeUnit.NANOSECONDS);
  }
}
