package io.ordo.queue.schedule;

import io.ordo.ErrorCode;
import io.ordo.TaskControlException;
import io.ordo.db.Transactions;
import io.ordo.model.Caller;
import io.ordo.model.Role;
import io.ordo.queue.management.Access;
import io.ordo.queue.statemachine.StateMachines;
import io.vertx.core.Future;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import io.vertx.sqlclient.Pool;
import io.vertx.sqlclient.SqlClient;
import io.vertx.sqlclient.SqlConnection;
import java.time.Clock;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;

/**
 * Recurring schedules as the API offers them: create or replace, read (with the next fire times and
 * the recent history), list, pause and resume, trigger now, delete. Operators and admins manage
 * their tenant's schedules; other tenants' schedules answer 404.
 */
public final class Schedules {
  /** How many next fire times a schedule shows. */
  static final int NEXT_FIRE_TIMES = 5;

  /** How many history entries one schedule shows: every one it keeps. */
  static final int RECENT = ScheduleStore.KEPT_EVENTS;

  /** How many history entries each schedule of a list shows. */
  static final int RECENT_IN_LIST = 20;

  private final Pool pool;
  private final Clock clock;
  private final ScheduleStore store;
  private final RunLauncher launcher;
  private final StateMachines stateMachines;
  private final ScheduleFiring firing;
  private final ScheduleMetrics metrics;

  Schedules(
      Pool pool,
      Clock clock,
      ScheduleStore store,
      RunLauncher launcher,
      StateMachines stateMachines,
      ScheduleFiring firing,
      ScheduleMetrics metrics) {
    this.pool = pool;
    this.clock = clock;
    this.store = store;
    this.launcher = launcher;
    this.stateMachines = stateMachines;
    this.firing = firing;
    this.metrics = metrics;
  }

  /** What a put answered: the schedule, and whether it was created. */
  public record Saved(JsonObject schedule, boolean created) {}

  /**
   * Creates or replaces a schedule ({@code PUT /schedules/{id}}). A replaced schedule keeps its
   * paused state and history; its next slot is computed anew from now.
   */
  public Future<Saved> put(Caller caller, String scheduleId, JsonObject body) {
    Access.require(caller, Role.OPERATOR);
    Instant now = clock.instant();
    ScheduleSpec spec = ScheduleSpec.parse(body);
    Instant first = SlotPlan.nextAfter(spec.fireTimes(), now);
    return checkTask(caller, scheduleId, spec.task(), now)
        .compose(
            v ->
                recording(
                    tx ->
                        store
                            .lock(tx, caller.tenant(), scheduleId)
                            .compose(
                                old ->
                                    dropBuffered(tx, old, SkipReason.REPLACED, now)
                                        .compose(
                                            dropped ->
                                                store
                                                    .upsert(
                                                        tx,
                                                        caller.tenant(),
                                                        scheduleId,
                                                        spec.toJson(),
                                                        first,
                                                        now)
                                                    .map(
                                                        upserted ->
                                                            new Recorded<>(upserted, dropped))))))
        .compose(upserted -> view(upserted.row()).map(json -> new Saved(json, upserted.created())));
  }

  /** {@code GET /schedules/{id}}. */
  public Future<JsonObject> get(Caller caller, String scheduleId) {
    Access.require(caller, Role.OPERATOR);
    // the row and its recent history from one snapshot: a fire committed between two reads
    // would show in the one and not in the other
    return Transactions.inOneSnapshot(
        pool,
        connection ->
            store
                .find(connection, caller.tenant(), scheduleId)
                .compose(found -> view(connection, existing(found, scheduleId))));
  }

  /** {@code GET /schedules}: the tenant's schedules by id. */
  public Future<JsonArray> list(Caller caller) {
    Access.require(caller, Role.OPERATOR);
    return Transactions.inOneSnapshot(
        pool,
        connection ->
            store
                .list(connection, caller.tenant())
                .compose(rows -> readViews(connection, rows, RECENT_IN_LIST))
                .map(JsonArray::new));
  }

  /**
   * Pauses or resumes ({@code PUT /schedules/{id}/paused}). Slots that pass while paused never
   * fire: a resumed schedule fires from its first slot after now. A slot {@code BUFFER_ONE} kept is
   * dropped by the pause, and recorded as skipped ({@code PAUSED}). Pausing a paused schedule, or
   * resuming one that runs, changes nothing.
   */
  public Future<JsonObject> setPaused(Caller caller, String scheduleId, boolean paused) {
    Access.require(caller, Role.OPERATOR);
    Instant now = clock.instant();
    return recording(
            tx ->
                store
                    .lock(tx, caller.tenant(), scheduleId)
                    .compose(
                        found -> {
                          ScheduleRow row = existing(found, scheduleId);
                          if (row.paused() == paused) {
                            return Future.succeededFuture(new Recorded<>(row, List.of()));
                          }
                          Instant next =
                              paused ? null : SlotPlan.nextAfter(row.parsedSpec().fireTimes(), now);
                          return dropBuffered(tx, found, SkipReason.PAUSED, now)
                              .compose(
                                  dropped ->
                                      store
                                          .setPaused(
                                              tx, caller.tenant(), scheduleId, paused, next, now)
                                          .map(
                                              after ->
                                                  new Recorded<>(
                                                      existing(after, scheduleId), dropped)));
                        }))
        .compose(this::view);
  }

  /** What a transaction wrote, and the history entries it recorded beside it. */
  private record Recorded<T>(T value, List<ScheduleEvent> events) {}

  /** Runs a transaction; counts the entries it recorded once it committed. */
  private <T> Future<T> recording(Function<SqlConnection, Future<Recorded<T>>> work) {
    return Transactions.withRetry(pool, work)
        .map(
            recorded -> {
              recorded.events().forEach(metrics::recorded);
              return recorded.value();
            });
  }

  /**
   * Records the slot {@code BUFFER_ONE} kept, if any, as skipped: the change about to be written
   * drops it.
   */
  private Future<List<ScheduleEvent>> dropBuffered(
      SqlConnection tx, Optional<ScheduleRow> found, SkipReason reason, Instant now) {
    if (found.isEmpty() || found.get().bufferedFireAt() == null) {
      return Future.succeededFuture(List.of());
    }
    ScheduleRow row = found.get();
    List<ScheduleEvent> dropped =
        List.of(
            ScheduleEvent.skipped(
                row, row.bufferedFireAt(), now, ScheduleEvent.BY_SCHEDULE, reason, null));
    return store.record(tx, dropped).map(dropped);
  }

  /** {@code POST /schedules/{id}/trigger}: fires now; answers the history entry it wrote. */
  public Future<JsonObject> trigger(Caller caller, String scheduleId) {
    Access.require(caller, Role.OPERATOR);
    return firing
        .trigger(caller.tenant(), scheduleId, clock.instant())
        .map(event -> event.orElseThrow(() -> notFound(scheduleId)).toJson());
  }

  /** {@code DELETE /schedules/{id}}, with its history. */
  public Future<Void> delete(Caller caller, String scheduleId) {
    Access.require(caller, Role.OPERATOR);
    return store
        .delete(pool, caller.tenant(), scheduleId)
        .compose(
            deleted ->
                deleted ? Future.succeededFuture() : Future.failedFuture(notFound(scheduleId)));
  }

  private Future<Void> checkTask(Caller caller, String scheduleId, TaskTemplate task, Instant now) {
    Future<Void> checked = launcher.check(caller.tenant(), scheduleId, task, now);
    if (!task.isExecution()) {
      return checked;
    }
    return checked
        .compose(v -> stateMachines.get(caller, task.stateMachine()))
        .<Void>mapEmpty()
        .recover(
            error ->
                error instanceof TaskControlException e && e.code() == ErrorCode.NOT_FOUND
                    ? Future.failedFuture(
                        TaskTemplate.invalid(
                            "task.stateMachine: no state machine '" + task.stateMachine() + "'"))
                    : Future.failedFuture(error));
  }

  private Future<JsonObject> view(ScheduleRow row) {
    return view(pool, row);
  }

  private Future<JsonObject> view(SqlClient client, ScheduleRow row) {
    return readViews(client, List.of(row), RECENT).map(views -> views.get(0));
  }

  /** The views of the rows, their recent histories read in one statement. */
  private Future<List<JsonObject>> readViews(SqlClient client, List<ScheduleRow> rows, int recent) {
    if (rows.isEmpty()) {
      return Future.succeededFuture(List.of());
    }
    List<String> ids = rows.stream().map(ScheduleRow::scheduleId).toList();
    return store
        .recent(client, rows.get(0).tenant(), ids, recent)
        .map(
            events ->
                rows.stream()
                    .map(
                        row ->
                            ScheduleView.of(row, events.getOrDefault(row.scheduleId(), List.of())))
                    .toList());
  }

  private static ScheduleRow existing(Optional<ScheduleRow> found, String scheduleId) {
    return found.orElseThrow(() -> notFound(scheduleId));
  }

  static TaskControlException notFound(String scheduleId) {
    return new TaskControlException(
        ErrorCode.NOT_FOUND,
        "no schedule '" + scheduleId + "'",
        new JsonObject().put("scheduleId", scheduleId));
  }

  static List<Instant> nextFireTimes(ScheduleRow row) {
    if (row.paused() || !row.nextFireAt().isBefore(SlotPlan.NEVER)) {
      return List.of();
    }
    List<Instant> next = new java.util.ArrayList<>();
    next.add(row.nextFireAt());
    next.addAll(row.parsedSpec().fireTimes().next(row.nextFireAt(), NEXT_FIRE_TIMES - 1));
    return next;
  }
}
