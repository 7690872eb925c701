package io.ordo.queue;

import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.MultiGauge;
import io.micrometer.core.instrument.Tags;
import io.ordo.queue.store.TaskStore;
import io.ordo.queue.store.TaskStore.QueueCounts;
import io.vertx.core.Future;
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
 */
final class QueueGauges {
  private static final Logger LOG = LoggerFactory.getLogger(QueueGauges.class);

  private final Vertx vertx;
  private final Pool pool;
  private final TaskStore tasks = new TaskStore();
  private final MultiGauge waiting;
  private final MultiGauge running;
  private boolean refreshing;
  private long timer = -1;

  QueueGauges(Vertx vertx, Pool pool, MeterRegistry registry) {
    this.vertx = vertx;
    this.pool = pool;
    this.waiting =
        MultiGauge.builder("ordo.queue.waiting.messages")
            .description("Messages waiting in a queue")
            .register(registry);
    this.running =
        MultiGauge.builder("ordo.queue.running.messages")
            .description("Messages of a queue in progress (INITIAL..RUNNING)")
            .register(registry);
  }

  void start(Duration interval) {
    refresh();
    timer = vertx.setPeriodic(interval.toMillis(), id -> refresh());
  }

  void stop() {
    if (timer >= 0) {
      vertx.cancelTimer(timer);
    }
  }

  /** Reads every queue's counts once and sets the gauges (skipped while the last read runs). */
  Future<Void> refresh() {
    if (refreshing) {
      return Future.succeededFuture();
    }
    refreshing = true;
    return tasks
        .countsOfEveryQueue(pool)
        .onSuccess(
            counts -> {
              waiting.register(rows(counts, c -> c.counts().waiting()), true);
              running.register(rows(counts, c -> c.counts().inProgress()), true);
            })
        .onFailure(e -> LOG.debug("Reading the queue gauges failed: {}", e.toString()))
        .onComplete(done -> refreshing = false)
        .mapEmpty();
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
