package io.ordo.queue.registration;

import io.ordo.batch.Batcher.Pending;
import io.ordo.model.Caller;
import io.ordo.model.QueueKind;
import io.ordo.model.TaskInfo;
import io.ordo.parameter.ParameterLimits;
import io.ordo.queue.store.IdempotencyStore;
import io.ordo.queue.store.QueueStore;
import io.ordo.queue.store.TaskStore;
import io.ordo.queue.tasktype.TaskTypeCatalog;
import io.vertx.core.Future;
import io.vertx.core.Promise;
import io.vertx.core.json.JsonObject;
import io.vertx.sqlclient.SqlConnection;
import java.time.Instant;
import java.util.List;

/**
 * Registers a message inside a transaction the caller owns, for writers that must commit the
 * message together with their own rows (a schedule's fire and its advance). The same validation and
 * the same writes as {@link RegistrationService}, without its batching; the caller tells the
 * runners after it commits.
 */
public final class RegistrationInTransaction {
  private final TaskTypeCatalog catalog;
  private final RegistrationRequests requests;
  private final RegistrationWriter writer =
      new RegistrationWriter(
          new IdempotencyStore(), new TaskScheduler(new QueueStore(), new TaskStore()));

  public RegistrationInTransaction(
      TaskTypeCatalog catalog, ParameterLimits parameterLimits, int maxIdLength) {
    this.catalog = catalog;
    this.requests = new RegistrationRequests(parameterLimits, maxIdLength);
  }

  /**
   * What a registration wrote.
   *
   * @param messageId the new message's id, or the one an earlier use of the idempotency key made
   * @param created false if the idempotency key had been used (nothing was written)
   * @param activeQueueFed whether the message landed in an active queue (tell the runners)
   */
  public record Written(String messageId, boolean created, boolean activeQueueFed) {}

  /**
   * Validates a registration body as {@code POST .../tasks} would (task type, parameter, timeouts,
   * idempotency key), without writing anything.
   *
   * @param queueId the serial queue's id; empty for the parallel queue
   * @param now the registration's arrival (its default sent time)
   */
  public Future<Registration> prepare(
      Caller caller, QueueKind kind, String queueId, JsonObject body, Instant now) {
    try {
      String taskName = requests.taskName(body);
      RequestMeta meta = new RequestMeta(now, null, null, null);
      return (taskName == null
              ? catalog.resolveScript(body.getString("jsPath"))
              : catalog.resolve(taskName))
          .map(type -> requests.parse(caller, kind, queueId, body, meta, type));
    } catch (RuntimeException refused) {
      return Future.failedFuture(refused);
    }
  }

  /**
   * Writes a prepared registration in {@code tx}; fails with the refusal if its serial queue does
   * not exist (the transaction stays usable).
   */
  public Future<Written> write(SqlConnection tx, Registration registration, Instant now) {
    Pending<Registration, TaskInfo> pending = new Pending<>(registration, Promise.promise());
    return writer
        .write(tx, List.of(pending), now)
        .compose(
            outcome -> {
              if (outcome.refused.containsKey(pending)) {
                return Future.failedFuture(outcome.refused.get(pending));
              }
              TaskInfo created = outcome.created.get(pending);
              return Future.succeededFuture(
                  created != null
                      ? new Written(created.messageId(), true, outcome.activeQueuesFed)
                      : new Written(outcome.replayed.get(pending), false, false));
            });
  }
}
