package io.ordo.queue.management;

import io.ordo.ErrorCode;
import io.ordo.TaskControlException;
import io.ordo.TaskQueueIllegalStateException;
import io.ordo.model.Caller;
import io.ordo.model.QueueIds;
import io.ordo.model.QueueKind;
import io.ordo.model.Role;
import io.ordo.queue.lifecycle.WorkNotifier;
import io.ordo.queue.store.QueueRow;
import io.ordo.queue.store.QueueStore;
import io.ordo.queue.store.TaskStore;
import io.vertx.core.Future;
import io.vertx.core.json.JsonObject;
import io.vertx.sqlclient.Pool;
import java.time.Clock;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Adds, removes, activates and deactivates queues (SPEC 3.1). A tenant's parallel queue is created,
 * active, the first time the tenant is seen.
 */
public final class QueueAdministration {
  private final Pool pool;
  private final QueueStore queues;
  private final TaskStore tasks;
  private final WorkNotifier notifier;
  private final Clock clock;
  private final Set<String> tenantsWithParallelQueue = ConcurrentHashMap.newKeySet();

  public QueueAdministration(
      Pool pool, QueueStore queues, TaskStore tasks, WorkNotifier notifier, Clock clock) {
    this.pool = pool;
    this.queues = queues;
    this.tasks = tasks;
    this.notifier = notifier;
    this.clock = clock;
  }

  /** Makes sure the tenant's parallel queue exists (once per tenant and process). */
  public Future<Void> ensureParallelQueue(String tenant) {
    if (tenantsWithParallelQueue.contains(tenant)) {
      return Future.succeededFuture();
    }
    return queues
        .ensureParallelQueue(pool, tenant, clock.instant())
        .onSuccess(v -> tenantsWithParallelQueue.add(tenant));
  }

  public Future<QueueRow> parallelQueue(String tenant) {
    return ensureParallelQueue(tenant)
        .compose(v -> queues.find(pool, tenant, QueueKind.PARALLEL, QueueStore.PARALLEL_QUEUE_ID))
        .map(Optional::orElseThrow);
  }

  public Future<QueueRow> serialQueue(String tenant, String queueId) {
    return queues
        .find(pool, tenant, QueueKind.SERIAL, queueId)
        .map(found -> found.orElseThrow(() -> notFound(queueId)));
  }

  /** {@code PUT /parallel-queue/active}. */
  public Future<QueueRow> setParallelActive(Caller caller, boolean active) {
    Access.require(caller, Role.OPERATOR);
    return ensureParallelQueue(caller.tenant())
        .compose(
            v ->
                queues.setActive(
                    pool,
                    caller.tenant(),
                    QueueKind.PARALLEL,
                    QueueStore.PARALLEL_QUEUE_ID,
                    active))
        .map(Optional::orElseThrow)
        .onSuccess(queue -> activated(queue));
  }

  /** Whether a tenant exists, i.e. holds its parallel queue (made at its first use). */
  public Future<Boolean> tenantExists(String tenant) {
    return queues
        .find(pool, tenant, QueueKind.PARALLEL, QueueStore.PARALLEL_QUEUE_ID)
        .map(Optional::isPresent);
  }

  /**
   * {@code POST /serial-queues}: fails with queue_exists (and changes nothing) if the id is taken.
   */
  public Future<QueueRow> addSerial(Caller caller, String queueId, boolean active) {
    Access.require(caller, Role.OPERATOR);
    QueueIds.require(queueId); // what can be created can be named in every route
    return ensureParallelQueue(caller.tenant())
        .compose(v -> queues.addSerial(pool, caller.tenant(), queueId, active, clock.instant()))
        .map(
            added ->
                added.orElseThrow(
                    () ->
                        new TaskControlException(
                            ErrorCode.QUEUE_EXISTS,
                            "serial queue '" + queueId + "' already exists",
                            new JsonObject().put("queueId", queueId))));
  }

  /** {@code PUT /serial-queues/{id}/active}. */
  public Future<QueueRow> setSerialActive(Caller caller, String queueId, boolean active) {
    Access.require(caller, Role.OPERATOR);
    return queues
        .setActive(pool, caller.tenant(), QueueKind.SERIAL, queueId, active)
        .map(found -> found.orElseThrow(() -> notFound(queueId)))
        .onSuccess(queue -> activated(queue));
  }

  /**
   * {@code DELETE /serial-queues/{id}}: only an empty, idle queue can go. The queue's row lock
   * keeps a concurrent registration from slipping in between the check and the delete.
   */
  public Future<Void> removeSerial(Caller caller, String queueId) {
    Access.require(caller, Role.OPERATOR);
    String tenant = caller.tenant();
    return pool.withTransaction(
        tx ->
            queues
                .lockSerial(tx, tenant, queueId)
                .compose(
                    found -> {
                      if (found.isEmpty()) {
                        return Future.failedFuture(notFound(queueId));
                      }
                      return tasks.anyInQueue(tx, tenant, QueueKind.SERIAL, queueId);
                    })
                .compose(
                    busy ->
                        busy
                            ? Future.failedFuture(
                                new TaskQueueIllegalStateException(
                                    queueId, "still holds messages or a task in progress"))
                            : queues.deleteSerial(tx, tenant, queueId)));
  }

  private void activated(QueueRow queue) {
    if (queue.active()) {
      notifier.workAvailable("queue activated");
    }
  }

  static TaskControlException notFound(String queueId) {
    return new TaskControlException(
        ErrorCode.QUEUE_NOT_FOUND,
        "no serial queue '" + queueId + "'",
        new JsonObject().put("queueId", queueId));
  }
}
