package io.ordo.queue.schedule;

import io.ordo.TaskControlException;
import io.ordo.db.DatabaseOutage;
import io.ordo.db.Transactions;
import io.ordo.queue.lifecycle.WorkNotifier;
import io.vertx.core.Future;
import io.vertx.pgclient.PgException;
import io.vertx.sqlclient.Pool;
import io.vertx.sqlclient.SqlConnection;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Fires schedules. Each fire is one transaction: the schedule row is locked (due rows {@code FOR
 * UPDATE SKIP LOCKED}, so another queue service passes them by), the run is started, the fire or
 * skip is recorded in the schedule's history and the row moves to its next slot, all committed
 * together: one slot fires once in the farm. A run that is refused, or that fails for a fault of
 * Ordo's own, is recorded as a {@code REFUSED} skip of its slot; a fire the database fails rolls
 * the round back whole, for the next look to try again.
 */
final class ScheduleFiring {
  private static final Logger LOG = LoggerFactory.getLogger(ScheduleFiring.class);

  private final Pool pool;
  private final ScheduleStore store;
  private final RunLauncher launcher;
  private final WorkNotifier notifier;
  private final ScheduleMetrics metrics;

  ScheduleFiring(
      Pool pool,
      ScheduleStore store,
      RunLauncher launcher,
      WorkNotifier notifier,
      ScheduleMetrics metrics) {
    this.pool = pool;
    this.store = store;
    this.launcher = launcher;
    this.notifier = notifier;
    this.metrics = metrics;
  }

  /** What a transaction recorded, told to metrics and runners once it committed. */
  private record Recorded(List<ScheduleEvent> events, boolean fedActiveQueue) {
    static final Recorded NOTHING = new Recorded(List.of(), false);
  }

  /**
   * Looks at the due schedules that no other transaction holds (at most {@code limit}), in one
   * transaction, those into serial queues first in the queues' key order (the order every writer
   * locks serial queue rows in); answers how many were looked at.
   */
  Future<Integer> fireDue(Instant now, int limit) {
    return Transactions.withRetry(
            pool,
            tx ->
                store
                    .lockDue(tx, now, limit)
                    .compose(due -> lookAll(tx, due, 0, new ArrayList<>(), now)))
        .map(
            recorded -> {
              recorded.forEach(this::announce);
              return recorded.size();
            });
  }

  private Future<List<Recorded>> lookAll(
      SqlConnection tx, List<ScheduleRow> due, int i, List<Recorded> done, Instant now) {
    if (i == due.size()) {
      return Future.succeededFuture(done);
    }
    return look(tx, due.get(i), now)
        .compose(
            recorded -> {
              done.add(recorded);
              return lookAll(tx, due, i + 1, done, now);
            });
  }

  /**
   * Fires a schedule now ({@code POST .../trigger}), paused or not, whatever its overlap policy;
   * its slots are not changed.
   */
  Future<Optional<ScheduleEvent>> trigger(String tenant, String scheduleId, Instant now) {
    return Transactions.withRetry(
            pool,
            tx ->
                store
                    .lock(tx, tenant, scheduleId)
                    .compose(
                        found ->
                            found.isEmpty()
                                ? Future.succeededFuture(Optional.<Recorded>empty())
                                : triggered(tx, found.get(), now).map(Optional::of)))
        .map(
            recorded -> {
              recorded.ifPresent(this::announce);
              return recorded.map(r -> r.events().get(0));
            });
  }

  private Future<Recorded> triggered(SqlConnection tx, ScheduleRow schedule, Instant now) {
    return launch(tx, schedule, now, ScheduleEvent.BY_TRIGGER, now)
        .compose(
            outcome ->
                writeOutcome(
                    tx,
                    schedule,
                    schedule.nextFireAt(),
                    schedule.bufferedFireAt(),
                    outcome,
                    List.of()));
  }

  private Future<Recorded> look(SqlConnection tx, ScheduleRow schedule, Instant now) {
    ScheduleSpec spec = schedule.parsedSpec();
    return launcher
        .stillRunning(tx, schedule)
        .compose(
            running -> {
              SlotPlan plan =
                  SlotPlan.plan(
                      spec,
                      spec.fireTimes(),
                      schedule.nextFireAt(),
                      schedule.bufferedFireAt(),
                      running,
                      now);
              if (!plan.changes(schedule.nextFireAt(), schedule.bufferedFireAt())) {
                return Future.succeededFuture(Recorded.NOTHING);
              }
              List<ScheduleEvent> skips = new ArrayList<>();
              plan.skipped()
                  .forEach(
                      s ->
                          skips.add(
                              ScheduleEvent.skipped(
                                  schedule,
                                  s.slot(),
                                  now,
                                  ScheduleEvent.BY_SCHEDULE,
                                  s.reason(),
                                  s.detail())));
              Future<Outcome> fired =
                  plan.fire() == null
                      ? Future.succeededFuture(null)
                      : launch(tx, schedule, plan.fire(), ScheduleEvent.BY_SCHEDULE, now);
              return fired.compose(
                  outcome ->
                      writeOutcome(tx, schedule, plan.next(), plan.buffered(), outcome, skips));
            });
  }

  /** A fire's result: its history entry, and the run it started (null if refused). */
  private record Outcome(ScheduleEvent event, Run run) {}

  private Future<Outcome> launch(
      SqlConnection tx, ScheduleRow schedule, Instant slot, String cause, Instant now) {
    TaskTemplate task = schedule.parsedSpec().task();
    return launcher
        .launch(tx, schedule, task, slot, now)
        .map(run -> new Outcome(ScheduleEvent.fired(schedule, slot, now, cause, run), run))
        .recover(
            error -> {
              if (error instanceof PgException || DatabaseOutage.isOutage(error)) {
                // the transaction is lost (or the database away): it rolls back whole, and the
                // next look tries again
                return Future.failedFuture(error);
              }
              String detail;
              if (error instanceof TaskControlException refused) {
                detail = refused.getMessage();
              } else {
                // a fault of Ordo's own with this schedule's run: it skips this slot, and the
                // other schedules of the round fire (a rollback would hold them all back, for
                // good)
                LOG.error("Schedule {} could not start its run", schedule.scheduleId(), error);
                detail = "internal error; the node's log has the details";
              }
              ScheduleEvent skip =
                  ScheduleEvent.skipped(schedule, slot, now, cause, SkipReason.REFUSED, detail);
              return Future.succeededFuture(new Outcome(skip, null));
            });
  }

  private Future<Recorded> writeOutcome(
      SqlConnection tx,
      ScheduleRow schedule,
      Instant next,
      Instant buffered,
      Outcome outcome,
      List<ScheduleEvent> skips) {
    List<ScheduleEvent> events = new ArrayList<>();
    if (outcome != null) {
      events.add(outcome.event());
    }
    events.addAll(skips);
    Run run = outcome == null ? null : outcome.run();
    ScheduleRow after =
        schedule.advanced(
            next,
            buffered,
            run == null ? schedule.lastRunId() : run.id(),
            run == null ? schedule.lastRunKind() : run.kind());
    return store
        .advance(tx, schedule, after)
        .compose(
            advanced ->
                advanced
                    // the row is locked: a moved version here is a bug, not a race
                    ? store.record(tx, events)
                    : Future.failedFuture(
                        new IllegalStateException(
                            "schedule " + schedule.scheduleId() + " changed under its lock")))
        .map(v -> new Recorded(events, run != null && run.fedActiveQueue()));
  }

  private void announce(Recorded recorded) {
    recorded.events().forEach(metrics::recorded);
    if (recorded.fedActiveQueue()) {
      notifier.workAvailable("schedule");
    }
  }
}
