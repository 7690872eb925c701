package io.ordo.queue.maintenance;

import io.ordo.db.Transactions;
import io.ordo.history.HistoryEventType;
import io.ordo.history.HistoryStore;
import io.ordo.history.TaskSummaries;
import io.ordo.lock.LockOwnerStore;
import io.ordo.queue.lifecycle.HeadPositions;
import io.ordo.queue.lifecycle.MessageEnd;
import io.ordo.queue.lifecycle.QueueMetrics;
import io.ordo.queue.lifecycle.Transition;
import io.ordo.queue.store.QueueStore;
import io.ordo.queue.store.TaskStore;
import io.ordo.queue.store.TaskStore.Orphan;
import io.ordo.queue.store.TaskStore.Requeue;
import io.vertx.core.Future;
import io.vertx.core.json.JsonObject;
import io.vertx.sqlclient.Pool;
import io.vertx.sqlclient.SqlConnection;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * Crash recovery (SPEC 6): messages whose holder's lease expired go back to the head of their queue
 * with {@code TaskLeaseExpired} (same id and times; the next run is attempt + 1), and after {@code
 * max-attempts} expiries they fail with {@code Ordo.LeaseExpired}. Claims whose answer never
 * reached the runner (not started within a lease) go back too, as rejected.
 */
public final class OrphanSweep implements Sweep {
  static final int BATCH = 500;
  public static final String LEASE_EXPIRED_ERROR = "Ordo.LeaseExpired";

  private final Pool pool;
  private final int maxAttempts;
  private final Duration claimTimeout;
  private final TaskStore tasks = new TaskStore();
  private final QueueStore queues = new QueueStore();
  private final HistoryStore history = new HistoryStore();
  private final HeadPositions heads = new HeadPositions(queues);
  private final LockOwnerStore owners = new LockOwnerStore();
  private final QueueMetrics metrics;
  private final MessageEnd ends;

  public OrphanSweep(Pool pool, int maxAttempts, Duration claimTimeout, QueueMetrics metrics) {
    this.pool = pool;
    this.metrics = metrics;
    this.ends = new MessageEnd(metrics);
    this.maxAttempts = maxAttempts;
    this.claimTimeout = claimTimeout;
  }

  @Override
  public Future<Transition> sweep(Instant now) {
    return Transactions.withRetry(
            pool,
            tx ->
                // the serial queues first, in key order (see TaskStore.SERIAL_QUEUES_TIMED_OUT)
                tasks
                    .serialQueuesOrphaned(tx, BATCH, claimTimeout)
                    .compose(serial -> queues.lockSerial(tx, serial))
                    .compose(v -> tasks.lockOrphans(tx, BATCH, claimTimeout))
                    .compose(orphans -> recover(tx, orphans, now)))
        .compose(
            transition -> owners.forgetExpired(pool, claimTimeout.multipliedBy(2)).map(transition));
  }

  private Future<Transition> recover(SqlConnection tx, List<Orphan> orphans, Instant now) {
    Transition transition = new Transition();
    List<Orphan> back = new ArrayList<>();
    List<Orphan> failing = new ArrayList<>();
    for (Orphan orphan : orphans) {
      boolean exhausted = orphan.leaseExpired() && orphan.leaseExpiries() + 1 >= maxAttempts;
      (exhausted ? failing : back).add(orphan);
    }
    return heads
        .reserve(
            tx,
            back.stream()
                .map(o -> new HeadPositions.Key(o.tenant(), o.info().queue(), queueId(o)))
                .toList())
        .compose(
            positions -> {
              List<Requeue> requeues = new ArrayList<>();
              for (int i = 0; i < back.size(); i++) {
                Orphan o = back.get(i);
                requeues.add(
                    new Requeue(
                        o.tenant(),
                        o.info().messageId(),
                        positions.get(i),
                        o.leaseExpired() ? 1 : 0,
                        1));
              }
              return tasks.requeueLocked(tx, requeues);
            })
        .compose(
            lastEventIds -> {
              for (int i = 0; i < back.size(); i++) {
                requeued(transition, back.get(i), lastEventIds.get(i), now);
              }
              failing.forEach(o -> failed(transition, o, now));
              return tasks.deleteLocked(
                  tx,
                  failing.stream()
                      .map(o -> new String[] {o.tenant(), o.info().messageId()})
                      .toList());
            })
        .compose(v -> transition.write(tx, history, queues))
        .map(transition);
  }

  private void requeued(Transition transition, Orphan o, long eventId, Instant now) {
    if (o.leaseExpired()) {
      countLeaseExpiry(transition, o);
      transition.event(
          o.tenant(),
          o.info().messageId(),
          eventId,
          HistoryEventType.TaskLeaseExpired,
          now,
          leaseAttributes(o));
    } else {
      transition.event(
          o.tenant(),
          o.info().messageId(),
          eventId,
          HistoryEventType.TaskRejected,
          now,
          new JsonObject()
              .put("node", o.info().node())
              .put("reason", "claimed but not started within " + claimTimeout.toSeconds() + " s"));
    }
    transition.freedWork();
  }

  private void countLeaseExpiry(Transition transition, Orphan o) {
    transition.afterCommit(() -> metrics.transition(o.tenant(), o.info().queue(), "lease_expired"));
  }

  private void failed(Transition transition, Orphan o, Instant now) {
    String cause =
        "the runner's lease expired "
            + (o.leaseExpiries() + 1)
            + " times (max-attempts "
            + maxAttempts
            + ")";
    ends.end(
        transition,
        o.tenant(),
        o.info(),
        o.lastEventId(),
        now,
        List.of(
            new MessageEnd.Event(HistoryEventType.TaskLeaseExpired, leaseAttributes(o)),
            new MessageEnd.Event(
                HistoryEventType.TaskFailed,
                new JsonObject()
                    .put("error", LEASE_EXPIRED_ERROR)
                    .put("cause", cause)
                    .put("scheduledEventId", 1)
                    .put("startedEventId", o.startedEventId() == null ? 0 : o.startedEventId()))),
        "stopProgressOnError",
        TaskSummaries.outcome("FAILED").put("error", LEASE_EXPIRED_ERROR).put("cause", cause),
        "lease_expired",
        "failed");
  }

  private static JsonObject leaseAttributes(Orphan o) {
    return new JsonObject()
        .put("node", o.info().node())
        .put("lockOwner", o.ownerId())
        .put("state", o.info().state().name())
        .put("attempt", o.info().attempt())
        .put("leaseExpiries", o.leaseExpiries() + 1);
  }

  private static String queueId(Orphan o) {
    return o.info().queueId() == null ? QueueStore.PARALLEL_QUEUE_ID : o.info().queueId();
  }
}
