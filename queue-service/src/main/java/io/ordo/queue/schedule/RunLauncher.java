package io.ordo.queue.schedule;

import io.ordo.TaskControlException;
import io.ordo.model.Caller;
import io.ordo.model.QueueKind;
import io.ordo.model.Role;
import io.ordo.queue.management.QueueAdministration;
import io.ordo.queue.registration.RegistrationInTransaction;
import io.ordo.queue.statemachine.Executions;
import io.ordo.queue.store.TaskStore;
import io.vertx.core.Future;
import io.vertx.core.json.JsonObject;
import io.vertx.sqlclient.SqlConnection;
import java.time.Instant;
import java.util.UUID;

/**
 * Starts what a schedule's fire starts, and tells whether the last one still runs. Each fire is
 * idempotent by its slot: a task message carries the idempotency key {@code
 * schedule:<scheduleId>:<slot>}, an execution is named {@code <scheduleId>-<slot in epoch ms>}
 * (names are unique per state machine), so a fire repeated after a rollback starts nothing new.
 */
final class RunLauncher {
  private final RegistrationInTransaction registrations;
  private final Executions executions;
  private final QueueAdministration queues;
  private final TaskStore tasks = new TaskStore();

  RunLauncher(
      RegistrationInTransaction registrations, Executions executions, QueueAdministration queues) {
    this.registrations = registrations;
    this.executions = executions;
    this.queues = queues;
  }

  /** The caller a schedule acts as: its tenant, as operator, named after the schedule. */
  static Caller callerOf(String tenant, String scheduleId) {
    return new Caller(tenant, Role.OPERATOR, "schedule:" + scheduleId);
  }

  /**
   * Checks a template as a fire would use it (task type, parameter, timeouts; an execution's input,
   * as a start would: its nesting and size); makes sure the tenant's parallel queue exists for a
   * parallel-queue template (fires write into it directly).
   */
  Future<Void> check(String tenant, String scheduleId, TaskTemplate task, Instant now) {
    if (task.isExecution()) {
      try {
        executions.checkInput(task.input());
      } catch (TaskControlException refused) {
        return Future.failedFuture(
            new TaskControlException(refused.code(), "task.input: " + refused.getMessage()));
      }
      return Future.succeededFuture();
    }
    return registrations
        .prepare(
            callerOf(tenant, scheduleId), task.kind(), task.queueId(), task.registration(), now)
        .compose(
            v ->
                task.kind() == QueueKind.PARALLEL
                    ? queues.ensureParallelQueue(tenant)
                    : Future.succeededFuture());
  }

  /**
   * Starts the run of one slot. A task message is written in {@code tx}; an execution starts in its
   * own transaction (it is idempotent by its name).
   */
  Future<Run> launch(
      SqlConnection tx, ScheduleRow schedule, TaskTemplate task, Instant slot, Instant now) {
    Caller caller = callerOf(schedule.tenant(), schedule.scheduleId());
    if (task.isExecution()) {
      JsonObject body =
          new JsonObject()
              .put("input", task.input())
              .put("name", schedule.scheduleId() + "-" + slot.toEpochMilli());
      return executions
          .start(caller, task.stateMachine(), body)
          .map(
              started ->
                  new Run(
                      UUID.fromString(started.execution().getString("executionId")),
                      Run.EXECUTION,
                      false));
    }
    JsonObject body =
        task.registration()
            .copy()
            .put("idempotencyKey", "schedule:" + schedule.scheduleId() + ":" + slot);
    return registrations
        .prepare(caller, task.kind(), task.queueId(), body, now)
        .compose(registration -> registrations.write(tx, registration, now))
        .map(
            written ->
                new Run(UUID.fromString(written.messageId()), Run.TASK, written.activeQueueFed()));
  }

  /** Whether the schedule's last run still waits or runs (a message not ended, an execution). */
  Future<Boolean> stillRunning(SqlConnection tx, ScheduleRow schedule) {
    if (schedule.lastRunId() == null) {
      return Future.succeededFuture(false);
    }
    if (Run.EXECUTION.equals(schedule.lastRunKind())) {
      return executions
          .describe(
              callerOf(schedule.tenant(), schedule.scheduleId()), schedule.lastRunId().toString())
          .map(execution -> "RUNNING".equals(execution.getString("status")))
          .otherwise(false); // purged or gone: it ended
    }
    // a message that ended is no longer in the task table (its history is)
    return tasks.find(tx, schedule.tenant(), schedule.lastRunId()).map(found -> found.isPresent());
  }
}
