package io.ordo.queue;

import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.MultiGauge;
import io.micrometer.core.instrument.Tags;
import io.ordo.queue.store.TaskStore;
import io.ordo.queue.store.TaskStore.QueueCounts;
import io.vertx.core.Vertx;
import io.vertx.sqlclient.Pool;
import java.time.Duration;
import java.util.List;
import java.util.function.ToIntFunction;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The waiting and running gauges per queue (SPEC 12): {@code ordo_queue_waiting_messages} and
 * {@code ordo_queue_running_messages} by tenant, queue kind and queue id, read from the database
 * every refresh interval (one grouped count for all queues), so every queue-service instance
 * reports the farm's figures; a removed queue's series disappears.
 *
 * <p>The count reads every message there is: with a million waiting it read about 300 MB of the
 * task table every round-interval. A count that takes long therefore pushes the next one back, so
 * that the gauges take at most {@link #MAX_DUTY} of one database connection's time (a count of 500
 * ms: the next one 9.5 s after it, whatever the interval).
 */
final class QueueGauges {
  private static final Logger LOG = LoggerFactory.getLogger(QueueGauges.class);

  /** The most of its time a connection spends counting for the gauges. */
  static final double MAX_DUTY = 0.05;

  private final Vertx vertx;
  private final Pool pool;
  private final TaskStore tasks = new TaskStore();
  private final MultiGauge waiting;
  private final MultiGauge running;
  private final Duration interval;
  private boolean stopped;
  private long timer = -1;

  QueueGauges(Vertx vertx, Pool pool, MeterRegistry registry, Duration interval) {
    this.vertx = vertx;
    this.pool = pool;
    this.interval = interval;
    this.waiting =
        MultiGauge.builder("ordo.queue.waiting.messages")
            .description("Messages waiting in a queue")
            .register(registry);
    this.running =
        MultiGauge.builder("ordo.queue.running.messages")
            .description("Messages of a queue in progress (INITIAL..RUNNING)")
            .register(registry);
  }

  void start() {
    refreshThenWait();
  }

  void stop() {
    stopped = true;
    if (timer >= 0) {
      vertx.cancelTimer(timer);
    }
  }

  /**
   * How long to wait after a count that took {@code took} before the next: the interval, or longer
   * if the count took more than {@link #MAX_DUTY} of the wait and the count together.
   */
  static Duration nextAfter(Duration interval, Duration took) {
    Duration paced = Duration.ofNanos((long) (took.toNanos() * (1 - MAX_DUTY) / MAX_DUTY));
    return paced.compareTo(interval) > 0 ? paced : interval;
  }

  /** Reads every queue's counts once, sets the gauges, and waits for the next read. */
  private void refreshThenWait() {
    long began = System.nanoTime();
    tasks
        .countsOfEveryQueue(pool)
        .onSuccess(
            counts -> {
              waiting.register(rows(counts, c -> c.counts().waiting()), true);
              running.register(rows(counts, c -> c.counts().inProgress()), true);
            })
        .onFailure(e -> LOG.debug("Reading the queue gauges failed: {}", e.toString()))
        .onComplete(
            done -> {
              if (!stopped) {
                Duration took = Duration.ofNanos(System.nanoTime() - began);
                timer =
                    vertx.setTimer(
                        Math.max(1, nextAfter(interval, took).toMillis()), id -> refreshThenWait());
              }
            });
  }

  private static List<MultiGauge.Row<?>> rows(
      List<QueueCounts> counts, ToIntFunction<QueueCounts> value) {
    return counts.stream()
        .<MultiGauge.Row<?>>map(
            c ->
                MultiGauge.Row.of(
                    Tags.of(
                        "tenant", c.tenant(),
                        "queue_kind", c.kind().apiName(),
                        "queue_id", c.queueId()),
                    value.applyAsInt(c)))
        .toList();
  }
}
