package io.ordo.queue;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.DistributionSummary;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import io.ordo.model.QueueKind;
import io.ordo.queue.lifecycle.QueueMetrics;
import java.time.Duration;
import java.util.Collection;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * {@link QueueMetrics} as Micrometer meters, named {@code ordo_*}. Meters are looked up once per
 * name and tags and kept: building and registering one is a map lookup with tag sorting, paid per
 * task on the hot path otherwise.
 *
 * <p>Every meter exists (at zero) before its first event, so that dashboards and alerts see a
 * series from the start, not from the first failure: the timers and the claim summary at
 * construction, and every message counter for both queue kinds of a tenant when the tenant is first
 * seen ({@link #knownTenants} at start, then the first event of any other).
 */
final class MicrometerQueueMetrics implements QueueMetrics {
  /** The message counters ({@code ordo_messages_<name>_total}) and their HELP texts. */
  static final Map<String, String> MESSAGE_COUNTERS =
      Map.ofEntries(
          Map.entry("registered", "Messages registered"),
          Map.entry("removed", "Waiting messages removed before they ran"),
          Map.entry("accepted", "Messages a runner accepted (claimed and took)"),
          Map.entry("started", "Tasks whose run started"),
          Map.entry("completed", "Tasks that ended COMPLETED"),
          Map.entry(
              "failed", "Tasks that ended FAILED (errors, and lease expiries past max-attempts)"),
          Map.entry("rejected", "Messages a task rejected (taskRejected): back to their queue"),
          Map.entry("released", "Running tasks released on request (end notification)"),
          Map.entry("stopped", "Running tasks stopped by force"),
          Map.entry("timed_out", "Tasks that ended TIMED_OUT"),
          Map.entry(
              "lease_expired", "Holds lost with their runner's lease (the message runs again)"),
          Map.entry("retry_scheduled", "Failed runs scheduled to run again by a retry policy"));

  /** The outcomes {@code ordo_task_outcomes_total} counts by task type. */
  static final List<String> OUTCOMES = List.of("completed", "failed", "timed_out");

  private final MeterRegistry registry;
  private final Map<String, Counter> counters = new ConcurrentHashMap<>();
  private final Map<String, Counter> outcomes = new ConcurrentHashMap<>();
  private final Set<String> tenants = ConcurrentHashMap.newKeySet();
  private final Map<QueueKind, Timer> waits = new EnumMap<>(QueueKind.class);
  private final Map<QueueKind, Timer> runs = new EnumMap<>(QueueKind.class);
  private final DistributionSummary claimBatches;

  MicrometerQueueMetrics(MeterRegistry registry, Collection<String> knownTenants) {
    this.registry = registry;
    for (QueueKind kind : QueueKind.values()) {
      waits.put(
          kind,
          Timer.builder("ordo.task.wait")
              .description("Time from a message's receipt to its start")
              .tag("queue_kind", kind.apiName())
              .publishPercentileHistogram()
              .register(registry));
      runs.put(
          kind,
          Timer.builder("ordo.task.run")
              .description("Time from a task's start to the end of its run")
              .tag("queue_kind", kind.apiName())
              .publishPercentileHistogram()
              .register(registry));
    }
    claimBatches =
        DistributionSummary.builder("ordo.claim.batch.size")
            .description("Messages per claim")
            .register(registry);
    knownTenants.forEach(this::seen);
  }

  @Override
  public void registered(String tenant, QueueKind kind) {
    counter("registered", tenant, kind).increment();
  }

  @Override
  public void removed(String tenant, QueueKind kind) {
    counter("removed", tenant, kind).increment();
  }

  @Override
  public void transition(String tenant, QueueKind kind, String transition) {
    counter(transition, tenant, kind).increment();
  }

  @Override
  public void ended(QueueKind kind, String taskType, String outcome) {
    Counter counter = outcomes.get(key(outcome, taskType, kind));
    if (counter == null) {
      // a task type's first end: each of its outcomes, for both kinds, from zero
      for (String name : OUTCOMES) {
        for (QueueKind k : QueueKind.values()) {
          outcomes.computeIfAbsent(
              key(name, taskType, k),
              key ->
                  Counter.builder("ordo.task.outcomes")
                      .description("Messages that ended, by queue kind, task type and outcome")
                      .tag("queue_kind", k.apiName())
                      .tag("task_type", taskType)
                      .tag("outcome", name)
                      .register(registry));
        }
      }
      counter = outcomes.get(key(outcome, taskType, kind));
    }
    if (counter != null) {
      counter.increment();
    }
  }

  @Override
  public void waited(QueueKind kind, Duration wait) {
    waits.get(kind).record(wait);
  }

  @Override
  public void ran(QueueKind kind, Duration run) {
    runs.get(kind).record(run);
  }

  @Override
  public void claimed(int batchSize) {
    claimBatches.record(batchSize);
  }

  /** A tenant's first event: every message counter of both kinds comes into being at zero. */
  private void seen(String tenant) {
    if (tenants.add(tenant)) {
      for (String name : MESSAGE_COUNTERS.keySet()) {
        for (QueueKind kind : QueueKind.values()) {
          counter(name, tenant, kind);
        }
      }
    }
  }

  private Counter counter(String name, String tenant, QueueKind kind) {
    Counter counter = counters.get(key(name, tenant, kind));
    if (counter != null) {
      return counter;
    }
    seen(tenant);
    return counters.computeIfAbsent(
        key(name, tenant, kind),
        key ->
            Counter.builder("ordo.messages." + name)
                .description(MESSAGE_COUNTERS.getOrDefault(name, "Messages: " + name))
                .tag("tenant", tenant)
                .tag("queue_kind", kind.apiName())
                .register(registry));
  }

  private static String key(String name, String tenant, QueueKind kind) {
    return name + '\u0000' + tenant + '\u0000' + kind.dbCode();
  }
}
