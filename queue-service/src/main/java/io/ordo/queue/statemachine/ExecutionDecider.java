package io.ordo.queue.statemachine;

import io.ordo.InstanceLockedException;
import io.ordo.bus.Addresses;
import io.ordo.lock.LockRetries;
import io.ordo.lock.LockRetryPolicy;
import io.ordo.queue.store.ExecutionInboxStore;
import io.ordo.queue.store.ExecutionKey;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.core.eventbus.MessageConsumer;
import io.vertx.core.json.JsonObject;
import io.vertx.sqlclient.Pool;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The queue service's decider: advances executions when a task of theirs ends (the {@link
 * Addresses#EXECUTION_PENDING} hint, after the outcome is in the inbox), and every round interval
 * polls PostgreSQL for executions with outcomes waiting or a timer due (Wait, Retry, the
 * execution's timeout), so a lost hint or a crashed instance delays nothing by more than a round. A
 * timer due before the next rounds wakes its execution at its time ({@link ExecutionTimers}). Any
 * instance may advance any execution: the instance lock decides who does.
 */
public final class ExecutionDecider {
  private static final Logger LOG = LoggerFactory.getLogger(ExecutionDecider.class);

  /** Executions one poll advances at most (the rest wait for the next round). */
  static final int POLL_BATCH = 200;

  private final Vertx vertx;
  private final Pool pool;
  private final Clock clock;
  private final ExecutionAdvancer advancer;
  private final ExecutionTimers timers;
  private final LockRetries retries;
  private final LockRetryPolicy policy;
  private final PerExecution serial = new PerExecution();
  private final ExecutionStore executions = new ExecutionStore();
  private final ExecutionInboxStore inbox = new ExecutionInboxStore();
  private MessageConsumer<JsonObject> consumer;
  private long timer = -1;
  private Future<Void> lastPoll = Future.succeededFuture();

  /**
   * @param policy the node's instanceLockedExceptionAction, for hints
   */
  ExecutionDecider(
      Vertx vertx,
      Pool pool,
      Clock clock,
      ExecutionAdvancer advancer,
      ExecutionTimers timers,
      LockRetries retries,
      LockRetryPolicy policy) {
    this.vertx = vertx;
    this.pool = pool;
    this.clock = clock;
    this.advancer = advancer;
    this.timers = timers;
    this.retries = retries;
    this.policy = policy;
  }

  /**
   * Listens for hints and polls every {@code roundInterval}; timers due within two rounds are armed
   * to wake their executions on time ({@link ExecutionTimers}).
   */
  public void start(Duration roundInterval) {
    timers.horizon(roundInterval.multipliedBy(2));
    consumer =
        vertx
            .eventBus()
            .consumer(
                Addresses.EXECUTION_PENDING,
                message ->
                    hint(
                        new ExecutionKey(
                            message.body().getString("tenant"),
                            message.body().getString("executionId"))));
    timer =
        vertx.setPeriodic(
            roundInterval.toMillis(),
            id -> {
              if (lastPoll.isComplete()) {
                pollOnce();
              }
            });
  }

  public void stop() {
    if (timer >= 0) {
      vertx.cancelTimer(timer);
    }
    if (consumer != null) {
      consumer.unregister();
    }
  }

  /**
   * One poll, after any poll still running: advances every execution with outcomes in its inbox or
   * a timer due now. Lock conflicts are left for the next round.
   */
  public synchronized Future<Void> pollOnce() {
    lastPoll = lastPoll.transform(previous -> poll());
    return lastPoll;
  }

  private Future<Void> poll() {
    Instant now = clock.instant();
    return executions
        .due(pool, now.plus(timers.horizon()), POLL_BATCH)
        .map(found -> dueNow(found, now))
        .compose(due -> inbox.executions(pool, POLL_BATCH).map(pending -> union(due, pending)))
        .compose(
            keys ->
                Future.join(
                    keys.stream()
                        .map(key -> routine(key, LockRetryPolicy.NoRetry.INSTANCE))
                        .toList()))
        .<Void>mapEmpty()
        .recover(
            e -> {
              LOG.warn("Decider poll failed: {}", e.toString());
              return Future.succeededFuture();
            });
  }

  /** Advances an execution now with what is due, under a lock retry policy. */
  Future<Optional<ExecutionRow>> advance(
      ExecutionKey key, ExecutionAdvancer.Stop stop, LockRetryPolicy lockPolicy) {
    return serial.submit(key, () -> retries.run(lockPolicy, () -> advancer.advance(key, stop)));
  }

  private void hint(ExecutionKey key) {
    routine(key, policy);
  }

  private Future<Void> routine(ExecutionKey key, LockRetryPolicy lockPolicy) {
    return serial.submitRoutine(
        key,
        () ->
            retries
                .run(lockPolicy, () -> advancer.advance(key, null))
                .<Void>mapEmpty()
                .recover(
                    error -> {
                      if (error instanceof InstanceLockedException) {
                        LOG.debug("Execution {} is being advanced elsewhere", key);
                      } else {
                        LOG.warn("Advancing execution {} failed: {}", key, error.toString());
                      }
                      return Future.succeededFuture();
                    }));
  }

  /**
   * The executions whose timer is due at {@code now}; those due before the next rounds get their
   * timers armed instead.
   */
  private List<ExecutionKey> dueNow(List<ExecutionStore.Timer> found, Instant now) {
    List<ExecutionKey> due = new ArrayList<>();
    for (ExecutionStore.Timer timer : found) {
      if (timer.at().isAfter(now)) {
        timers.wakeAt(timer.key(), timer.at());
      } else {
        due.add(timer.key());
      }
    }
    return due;
  }

  private static List<ExecutionKey> union(List<ExecutionKey> a, List<ExecutionKey> b) {
    Set<ExecutionKey> all = new LinkedHashSet<>(a);
    all.addAll(b);
    return List.copyOf(all);
  }
}
