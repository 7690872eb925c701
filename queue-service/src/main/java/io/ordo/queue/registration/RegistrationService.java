package io.ordo.queue.registration;

import io.ordo.ErrorCode;
import io.ordo.InvalidTaskException;
import io.ordo.TaskControlException;
import io.ordo.batch.Batcher;
import io.ordo.batch.Batcher.Pending;
import io.ordo.db.Transactions;
import io.ordo.history.HistoryEventType;
import io.ordo.history.HistoryStore;
import io.ordo.model.Caller;
import io.ordo.model.QueueKind;
import io.ordo.model.Role;
import io.ordo.model.TaskInfo;
import io.ordo.parameter.ParameterLimits;
import io.ordo.queue.lifecycle.QueueMetrics;
import io.ordo.queue.lifecycle.WorkNotifier;
import io.ordo.queue.management.Access;
import io.ordo.queue.management.QueueAdministration;
import io.ordo.queue.management.TaskLookup;
import io.ordo.queue.store.IdempotencyStore;
import io.ordo.queue.store.QueueStore;
import io.ordo.queue.store.TaskStore;
import io.ordo.queue.tasktype.TaskTypeCatalog;
import io.vertx.core.Context;
import io.vertx.core.Future;
import io.vertx.core.Promise;
import io.vertx.core.json.JsonObject;
import io.vertx.sqlclient.Pool;
import io.vertx.sqlclient.SqlClient;
import java.time.Clock;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * Registers task messages (SPEC 3.2): validates each request, then hands it to a {@link Batcher} so
 * that concurrent registrations share one transaction. Answers after the message is stored, without
 * waiting for it to run.
 */
public final class RegistrationService {
  /** Registrations one transaction writes at most. */
  public static final int MAX_BATCH = 256;

  private final Pool pool;
  private final Clock clock;
  private final TaskTypeCatalog catalog;
  private final QueueAdministration administration;
  private final TaskLookup lookup;
  private final CommittedRegistrations committed;
  private final RegistrationRequests requests;
  private final RegistrationWriter writer;
  private final Batcher<Registration, TaskInfo> batcher;
  private final HistoryStore history = new HistoryStore();

  public RegistrationService(
      Context context,
      Pool pool,
      Clock clock,
      TaskTypeCatalog catalog,
      QueueAdministration administration,
      TaskLookup lookup,
      WorkNotifier notifier,
      QueueMetrics metrics,
      ParameterLimits parameterLimits,
      int maxIdLength,
      int maxInFlight) {
    this.pool = pool;
    this.clock = clock;
    this.catalog = catalog;
    this.administration = administration;
    this.lookup = lookup;
    this.committed = new CommittedRegistrations(notifier, metrics);
    this.requests = new RegistrationRequests(parameterLimits, maxIdLength);
    this.writer =
        new RegistrationWriter(
            new IdempotencyStore(), new TaskScheduler(new QueueStore(), new TaskStore()));
    this.batcher = new Batcher<>(context, MAX_BATCH, maxInFlight, this::flush);
  }

  /**
   * Registers one message.
   *
   * @param queueId the serial queue's id; empty for the parallel queue
   */
  public Future<TaskInfo> register(
      Caller caller, QueueKind kind, String queueId, JsonObject body, RequestMeta meta) {
    Access.require(caller, Role.SUBMITTER);
    String taskName = requests.taskName(body);
    return (taskName == null
            ? catalog.resolveScript(body.getString("jsPath"))
            : catalog.resolve(taskName))
        .map(type -> requests.parse(caller, kind, queueId, body, meta, type))
        .compose(
            registration ->
                administration
                    .ensureParallelQueue(caller.tenant())
                    .compose(v -> batcher.submit(registration)));
  }

  /**
   * Re-runs a finished message (POST /tasks/{id}/rerun): registers a new message with its task,
   * parameter and queue (see {@link Reruns}), whose {@code TaskScheduled} names the old one ({@code
   * rerunOf}), and appends {@code TaskRerun} (its {@code newMessageId}) to the old one's history in
   * the same transaction. An idempotency key makes a repeat answer the first re-run.
   */
  public Future<TaskInfo> rerun(Caller caller, String messageId, RequestMeta meta) {
    Access.require(caller, Role.SUBMITTER);
    return lookup
        .find(pool, caller.tenant(), messageId)
        .map(found -> Reruns.finished(found.orElseThrow(() -> new InvalidTaskException(messageId))))
        .compose(
            old ->
                (old.taskClassName() == null
                        ? catalog.resolveScript(old.jsPath())
                        : catalog.resolve(old.taskClassName()))
                    .map(
                        type ->
                            Reruns.of(
                                requests.parse(
                                    caller,
                                    old.queue(),
                                    Reruns.queueId(old),
                                    Reruns.body(old),
                                    meta,
                                    type),
                                messageId)))
        .compose(
            registration ->
                administration
                    .ensureParallelQueue(caller.tenant())
                    .compose(v -> writeRerun(registration)));
  }

  private Future<TaskInfo> writeRerun(Registration registration) {
    Pending<Registration, TaskInfo> pending = new Pending<>(registration, Promise.promise());
    return Transactions.withRetry(
            pool,
            tx -> {
              Instant now = clock.instant();
              return writer
                  .write(tx, List.of(pending), now)
                  .compose(
                      outcome -> {
                        TaskInfo created = outcome.created.get(pending);
                        return created == null
                            ? Future.succeededFuture(outcome)
                            : linkRerun(tx, registration, created, now).map(outcome);
                      });
            })
        .compose(this::answer)
        .compose(v -> pending.promise().future());
  }

  /** Appends {@code TaskRerun} to the re-run message's history; fails if it was purged. */
  private Future<Void> linkRerun(
      SqlClient tx, Registration registration, TaskInfo created, Instant now) {
    String old = registration.rerunOf();
    return history
        .appendAfterLast(
            tx,
            registration.tenant(),
            old,
            HistoryEventType.TaskRerun,
            now,
            new JsonObject()
                .put("newMessageId", created.messageId())
                .put("principal", registration.context().principal()))
        .map(
            eventId -> {
              if (eventId.isEmpty()) {
                throw new InvalidTaskException(old);
              }
              return null;
            });
  }

  private Future<Void> flush(List<Pending<Registration, TaskInfo>> batch) {
    Instant now = clock.instant();
    // parallel messages without keys: one statement, no BEGIN and COMMIT round trips around it
    return (RegistrationWriter.oneStatement(batch)
            ? writer.write(pool, batch, now)
            : Transactions.withRetry(pool, tx -> writer.write(tx, batch, now)))
        .compose(outcome -> answer(outcome));
  }

  private Future<Void> answer(RegistrationWriter.Outcome outcome) {
    committed.announceThenAnswer(outcome);
    Future<?>[] replays =
        outcome.replayed.entrySet().stream()
            .map(entry -> replay(entry.getKey(), entry.getValue(), outcome.refusedIds))
            .toArray(Future[]::new);
    return Future.join(List.of(replays)).mapEmpty();
  }

  /**
   * Whether a repeated key comes with the request that first used it: the same queue, task type,
   * parameter, timeouts, retry policy and stopProgressOnError (sent time, context and delay may
   * differ on a retry: a delay in seconds counts from each request, and a message's notBefore moves
   * with its retries' back-off).
   */
  static boolean sameRequest(Registration request, TaskInfo original) {
    String queueId = request.kind() == QueueKind.SERIAL ? request.queueId() : null;
    return request.kind() == original.queue()
        && Objects.equals(queueId, original.queueId())
        && Objects.equals(request.taskClassName(), original.taskClassName())
        && Objects.equals(request.jsPath(), original.jsPath())
        && Objects.equals(request.parameter(), original.parameter())
        && request.stopProgressOnError() == Boolean.TRUE.equals(original.stopProgressOnError())
        && request.timeouts().toJson().equals(original.timeouts())
        && Objects.equals(
            request.retry() == null ? null : request.retry().toJson(), original.retry());
  }

  private static TaskControlException reused(Registration request, TaskInfo original) {
    return new TaskControlException(
        ErrorCode.IDEMPOTENCY_KEY_REUSED,
        "idempotency key '"
            + request.idempotencyKey()
            + "' was first used for another request (message "
            + original.messageId()
            + "): a repeat must send the same queue, task, parameter, timeouts, retry and"
            + " stopProgressOnError",
        new JsonObject().put("messageId", original.messageId()));
  }

  /**
   * A repeated idempotency key answers with the message the key first created, as it is now, if the
   * request is the same; another request with the key is refused (422), as Stripe and the IETF
   * Idempotency-Key draft do, rather than silently answered with a message it did not ask for.
   */
  private Future<Void> replay(
      Pending<Registration, TaskInfo> pending,
      String messageId,
      Map<String, RuntimeException> refusedIds) {
    RuntimeException refusal = refusedIds.get(messageId);
    if (refusal != null) {
      pending.promise().tryFail(refusal);
      return Future.succeededFuture();
    }
    return lookup
        .find(pool, pending.item().tenant(), messageId)
        .onComplete(
            found -> {
              if (found.succeeded() && found.result().isPresent()) {
                TaskInfo original = found.result().get();
                if (sameRequest(pending.item(), original)) {
                  pending.promise().tryComplete(original);
                } else {
                  pending.promise().tryFail(reused(pending.item(), original));
                }
              } else if (found.succeeded()) {
                pending.promise().tryFail(new InvalidTaskException(messageId));
              } else {
                pending.promise().tryFail(found.cause());
              }
            })
        .mapEmpty();
  }
}
