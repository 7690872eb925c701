package io.ordo.queue.statemachine;

import io.ordo.history.HistoryStore;
import io.ordo.model.QueueKind;
import io.ordo.queue.registration.Registration;
import io.ordo.queue.registration.TaskScheduler;
import io.ordo.queue.registration.TaskScheduler.Scheduled;
import io.ordo.queue.store.ContextRow;
import io.ordo.queue.store.QueueStore;
import io.vertx.core.Future;
import io.vertx.core.json.JsonObject;
import io.vertx.sqlclient.SqlConnection;
import java.time.Instant;
import java.util.List;
import java.util.Objects;

/**
 * Writes what an advance decided besides the execution row, in the same transaction: the history
 * events (and the history's close when the execution ended) and the task messages of its Task
 * states, registered in the tenant's parallel queue.
 */
final class DecisionWriter {
  private final HistoryStore history;
  private final TaskScheduler scheduler;

  DecisionWriter(HistoryStore history, TaskScheduler scheduler) {
    this.history = history;
    this.scheduler = scheduler;
  }

  /**
   * @param summary the execution's view once it ended (the closed history keeps it); null while it
   *     runs
   */
  Future<Scheduled> write(
      SqlConnection tx, ExecutionFacts facts, Decision decision, JsonObject summary, Instant now) {
    List<TaskRequest> requests = decision.requests();
    List<Registration> registrations =
        requests.stream().map(request -> registration(facts, request, now)).toList();
    Future<Void> closed =
        summary == null
            ? Future.succeededFuture()
            : history.closeExecutions(
                tx,
                List.of(
                    new HistoryStore.Closing(
                        facts.tenant(),
                        facts.executionId(),
                        now,
                        decision.events().lastEventId(),
                        summary)));
    return history
        .append(tx, decision.events().events())
        .compose(v -> closed)
        .compose(
            v ->
                scheduler.schedule(
                    tx, registrations, requests.stream().map(TaskRequest::messageId).toList(), now))
        .compose(
            scheduled ->
                scheduled.refusals().stream().anyMatch(Objects::nonNull)
                    ? Future.failedFuture(
                        new IllegalStateException(
                            "the parallel queue of tenant " + facts.tenant() + " is missing"))
                    : Future.succeededFuture(scheduled));
  }

  private static Registration registration(ExecutionFacts facts, TaskRequest request, Instant now) {
    ContextRow context =
        new ContextRow(
            "execution:" + facts.executionId(),
            null,
            null,
            null,
            null,
            new JsonObject()
                .put("executionId", facts.executionId())
                .put("stateMachine", facts.stateMachine())
                .put("state", request.stateName()),
            null); // the role that started the execution is not kept: the least privilege
    return new Registration(
        facts.tenant(),
        QueueKind.PARALLEL,
        QueueStore.PARALLEL_QUEUE_ID,
        request.taskClassName(),
        request.jsPath(),
        request.parameter(),
        false,
        request.timeouts(),
        now,
        context,
        null,
        facts.executionId(),
        null,
        null,
        null);
  }
}
