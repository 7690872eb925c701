package io.ordo.queue.statemachine;

import io.ordo.ErrorCode;
import io.ordo.TaskControlException;
import io.ordo.lock.LockRetryPolicy;
import io.ordo.model.Caller;
import io.ordo.model.MessageIds;
import io.ordo.model.Role;
import io.ordo.queue.management.Access;
import io.ordo.queue.management.HistoryClient;
import io.ordo.queue.store.ExecutionKey;
import io.ordo.queue.store.ListCursor;
import io.vertx.core.Future;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import io.vertx.sqlclient.Pool;
import java.util.List;

/**
 * State-machine executions as the API offers them: start, describe, stop, and read the history.
 * Unknown ids, and ids of another tenant, answer 404 {@code not_found}.
 */
public final class Executions {
  private final Pool pool;
  private final ExecutionStarter starter;
  private final ExecutionDecider decider;
  private final HistoryClient history;
  private final LockRetryPolicy defaultPolicy;
  private final ExecutionStore store = new ExecutionStore();
  private final StateMachineStore machines = new StateMachineStore();

  Executions(
      Pool pool,
      ExecutionStarter starter,
      ExecutionDecider decider,
      HistoryClient history,
      LockRetryPolicy defaultPolicy) {
    this.pool = pool;
    this.starter = starter;
    this.decider = decider;
    this.history = history;
    this.defaultPolicy = defaultPolicy;
  }

  /** What a start answered: the execution, and whether this request created it. */
  public record Started(JsonObject execution, boolean created) {}

  /**
   * Starts an execution ({@code POST /state-machines/{name}/executions}).
   *
   * @param body {@code {input?, name?}}; the input defaults to {@code {}}, the name to the id
   */
  public Future<Started> start(Caller caller, String stateMachine, JsonObject body) {
    Access.require(caller, Role.SUBMITTER);
    Object input = body.containsKey("input") ? body.getValue("input") : new JsonObject();
    return starter
        .start(caller.tenant(), stateMachine, body.getString("name"), input)
        .map(started -> new Started(started.execution().view(), started.created()));
  }

  /**
   * Refuses an input that {@link #start} would refuse, before any start (a schedule checks its
   * executions' input when it is saved, not at every fire).
   *
   * @throws TaskControlException 400 invalid_request (nested too deep) or 413 payload_too_large
   */
  public void checkInput(Object input) {
    starter.checkInput(input);
  }

  /** {@code GET /executions/{id}}. */
  public Future<JsonObject> describe(Caller caller, String executionId) {
    Access.require(caller, Role.SUBMITTER);
    return find(caller, executionId).map(ExecutionRow::view);
  }

  /**
   * A page of executions across the tenant's state machines ({@code GET /executions}).
   *
   * @param statuses the statuses to include (ExecutionStatus names); empty: all
   * @param stateMachine only this machine's; null: all
   * @param since executions started or stopped at or after this time; null: no bound
   * @param until executions started or stopped before this time; null: no bound
   * @param after the previous page's cursor; null for the first page
   * @return the page, its cursor (null on the last page) from the last row's start date and id
   */
  public Future<ExecutionPage> listAll(
      Caller caller,
      java.util.Set<String> statuses,
      String stateMachine,
      java.time.Instant since,
      java.time.Instant until,
      ListCursor after,
      int limit) {
    Access.require(caller, Role.SUBMITTER);
    String[] wanted = statuses.isEmpty() ? null : statuses.toArray(String[]::new);
    return store
        .listAll(pool, caller.tenant(), wanted, stateMachine, since, until, after, limit + 1)
        .map(
            rows -> {
              if (rows.size() <= limit) {
                return new ExecutionPage(rows, null);
              }
              JsonObject last = rows.get(limit - 1);
              return new ExecutionPage(
                  List.copyOf(rows.subList(0, limit)),
                  new ListCursor(
                      java.time.Instant.parse(last.getString("startDate")),
                      last.getString("executionId")));
            });
  }

  /**
   * A page of executions.
   *
   * @param executions newest first
   * @param next where the next page starts; null on the last page
   */
  public record ExecutionPage(List<JsonObject> executions, ListCursor next) {}

  /**
   * A state machine's executions, newest first ({@code GET /state-machines/{name}/executions}):
   * their ids, names, statuses and dates; 404 if there is no such state machine.
   */
  public Future<JsonArray> list(Caller caller, String stateMachine, int limit) {
    Access.require(caller, Role.SUBMITTER);
    return machines
        .find(pool, caller.tenant(), stateMachine)
        .compose(
            found ->
                found.isEmpty()
                    ? Future.failedFuture(StateMachines.notFound(stateMachine))
                    : store.list(pool, caller.tenant(), stateMachine, limit));
  }

  /**
   * Stops a running execution ({@code ABORTED}): its running tasks are released, its waiting ones
   * removed. Stopping an execution that has ended changes nothing and answers it as it is.
   *
   * @param lockPolicy what to do if another queue service is advancing it; null for the node's
   */
  public Future<JsonObject> stop(
      Caller caller, String executionId, String error, String cause, LockRetryPolicy lockPolicy) {
    Access.require(caller, Role.OPERATOR);
    return find(caller, executionId)
        .compose(
            found ->
                decider.advance(
                    new ExecutionKey(caller.tenant(), executionId),
                    new ExecutionAdvancer.Stop(error, cause),
                    lockPolicy == null ? defaultPolicy : lockPolicy))
        .map(after -> after.orElseThrow(() -> notFound(executionId)).view());
  }

  /** {@code GET /executions/{id}/history}: a page of events, as for tasks. */
  public Future<JsonObject> history(
      Caller caller, String executionId, boolean reverse, int pageSize, String nextPageToken) {
    Access.require(caller, Role.SUBMITTER);
    return find(caller, executionId)
        .compose(
            found -> history.page(caller.tenant(), executionId, reverse, pageSize, nextPageToken));
  }

  /** Events after {@code afterEventId}, for the live tail of an execution's history. */
  public Future<JsonObject> historyAfter(Caller caller, String executionId, long afterEventId) {
    Access.require(caller, Role.SUBMITTER);
    if (MessageIds.parseOrNull(executionId) == null) {
      return Future.failedFuture(notFound(executionId));
    }
    return history
        .after(caller.tenant(), executionId, afterEventId)
        .recover(
            error ->
                Future.failedFuture(
                    error instanceof TaskControlException t && t.code() == ErrorCode.NOT_FOUND
                        ? notFound(executionId)
                        : error));
  }

  private Future<ExecutionRow> find(Caller caller, String executionId) {
    if (MessageIds.parseOrNull(executionId) == null) {
      return Future.failedFuture(notFound(executionId));
    }
    return store
        .find(pool, caller.tenant(), executionId)
        .map(found -> found.orElseThrow(() -> notFound(executionId)));
  }

  private static TaskControlException notFound(String executionId) {
    return new TaskControlException(
        ErrorCode.NOT_FOUND,
        "no execution " + executionId,
        new JsonObject().put("executionId", executionId));
  }
}
