package io.ordo.queue;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.DistributionSummary;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import io.ordo.model.QueueKind;
import io.ordo.queue.lifecycle.QueueMetrics;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * {@link QueueMetrics} as Micrometer meters, named {@code ordo_*}. Meters are looked up once per
 * name and tags and kept: building and registering one is a map lookup with tag sorting, paid per
 * task on the hot path otherwise.
 */
final class MicrometerQueueMetrics implements QueueMetrics {
  private final MeterRegistry registry;
  private final Map<String, Counter> counters = new ConcurrentHashMap<>();
  private final Map<QueueKind, Timer> waits = new ConcurrentHashMap<>();
  private final Map<QueueKind, Timer> runs = new ConcurrentHashMap<>();
  private volatile DistributionSummary claimBatches;

  MicrometerQueueMetrics(MeterRegistry registry) {
    this.registry = registry;
  }

  @Override
  public void registered(String tenant, QueueKind kind) {
    counter("ordo.messages.registered", tenant, kind).increment();
  }

  @Override
  public void removed(String tenant, QueueKind kind) {
    counter("ordo.messages.removed", tenant, kind).increment();
  }

  @Override
  public void transition(String tenant, QueueKind kind, String transition) {
    counter("ordo.messages." + transition, tenant, kind).increment();
  }

  @Override
  public void waited(QueueKind kind, Duration wait) {
    waits
        .computeIfAbsent(
            kind,
            k ->
                Timer.builder("ordo.task.wait")
                    .description("Time from a message's receipt to its start")
                    .tag("queue_kind", k.apiName())
                    .publishPercentileHistogram()
                    .register(registry))
        .record(wait);
  }

  @Override
  public void ran(QueueKind kind, Duration run) {
    runs.computeIfAbsent(
            kind,
            k ->
                Timer.builder("ordo.task.run")
                    .description("Time from a task's start to the end of its run")
                    .tag("queue_kind", k.apiName())
                    .publishPercentileHistogram()
                    .register(registry))
        .record(run);
  }

  @Override
  public void claimed(int batchSize) {
    DistributionSummary summary = claimBatches;
    if (summary == null) {
      summary =
          DistributionSummary.builder("ordo.claim.batch.size")
              .description("Messages per claim")
              .register(registry);
      claimBatches = summary;
    }
    summary.record(batchSize);
  }

  private Counter counter(String name, String tenant, QueueKind kind) {
    return counters.computeIfAbsent(
        name + '\u0000' + tenant + '\u0000' + kind.dbCode(),
        key ->
            Counter.builder(name)
                .tag("tenant", tenant)
                .tag("queue_kind", kind.apiName())
                .register(registry));
  }
}
