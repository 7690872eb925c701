package io.ordo.runner;

import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import java.util.function.IntSupplier;

/** A runner's own metrics: busy threads and its capacity. */
public final class RunnerMetrics {
  private RunnerMetrics() {}

  public static void register(
      MeterRegistry registry, String node, int maxThreads, IntSupplier busy) {
    Gauge.builder("ordo.runner.busy.threads", busy::getAsInt)
        .description("Tasks this runner holds in INITIAL..RUNNING")
        .tag("node", node)
        .register(registry);
    Gauge.builder("ordo.runner.max.threads", () -> maxThreads)
        .description("task-runner.max-threads of this runner")
        .tag("node", node)
        .register(registry);
  }
}
