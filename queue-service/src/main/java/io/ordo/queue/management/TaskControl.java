package io.ordo.queue.management;

import io.ordo.ErrorCode;
import io.ordo.InvalidTaskException;
import io.ordo.TaskControlException;
import io.ordo.TaskIllegalStateException;
import io.ordo.bus.Addresses;
import io.ordo.bus.Requests;
import io.ordo.bus.RunnerControl;
import io.ordo.model.Caller;
import io.ordo.model.MessageIds;
import io.ordo.model.QueueKind;
import io.ordo.model.Role;
import io.ordo.model.TaskInfo;
import io.ordo.queue.store.TaskStore;
import io.vertx.core.Future;
import io.vertx.core.eventbus.DeliveryOptions;
import io.vertx.core.eventbus.EventBus;
import io.vertx.core.eventbus.ReplyException;
import io.vertx.core.eventbus.ReplyFailure;
import io.vertx.core.json.JsonObject;
import io.vertx.sqlclient.Pool;
import java.time.Clock;
import java.util.UUID;

/**
 * End notification (release) and forced stop of running tasks (SPEC 3.3, transitions 6 and 7): asks
 * the runner holding the task to release or stop it; the runner reports the outcome, which records
 * the request, the release, re-entry or disposal, and the queue's stop.
 */
public final class TaskControl {
  private static final long CONTROL_TIMEOUT_MS = 30_000;

  private final Pool pool;
  private final EventBus eventBus;
  private final TaskStore tasks;
  private final TaskLookup lookup;
  private final Clock clock;

  public TaskControl(
      Pool pool, EventBus eventBus, TaskStore tasks, TaskLookup lookup, Clock clock) {
    this.pool = pool;
    this.eventBus = eventBus;
    this.tasks = tasks;
    this.lookup = lookup;
    this.clock = clock;
  }

  /**
   * Releases (or, {@code forced}, stops) a running task.
   *
   * @param kind the queue kind the caller names, or null for any
   * @param reentry put the message back at the head of its queue
   * @param stop deactivate its queue
   * @return the message's task info, read once the runner applied the end: DISPOSED, or WAITING
   *     after re-entry (or READY, or RUNNING with the next attempt, if a runner of its active queue
   *     took it meanwhile)
   */
  public Future<TaskInfo> end(
      Caller caller,
      String messageId,
      QueueKind kind,
      boolean forced,
      boolean reentry,
      boolean stop) {
    Access.require(caller, Role.OPERATOR);
    UUID id = MessageIds.parseOrNull(messageId);
    if (id == null) {
      return Future.failedFuture(new InvalidTaskException(messageId));
    }
    String action = forced ? "stop" : "release";
    return tasks
        .currentHold(pool, caller.tenant(), id)
        .compose(
            hold -> {
              if (hold.isEmpty() || (kind != null && hold.get().kind() != kind)) {
                return lookup
                    .find(pool, caller.tenant(), messageId)
                    .compose(
                        info ->
                            info.isPresent() && (kind == null || info.get().queue() == kind)
                                ? Future.failedFuture(
                                    new TaskIllegalStateException(
                                        messageId, info.get().state().name(), action + " it"))
                                : Future.failedFuture(new InvalidTaskException(messageId)));
              }
              if (!"RUNNING".equals(hold.get().state())) {
                return Future.failedFuture(
                    new TaskIllegalStateException(messageId, hold.get().state(), action + " it"));
              }
              JsonObject request =
                  RunnerControl.release(
                          forced,
                          messageId,
                          hold.get().version(),
                          reentry,
                          stop,
                          caller.principal(),
                          clock.instant())
                      .toJson();
              return Requests.<JsonObject>request(
                      eventBus,
                      Addresses.runnerControl(hold.get().ownerId()),
                      request,
                      new DeliveryOptions().setSendTimeout(CONTROL_TIMEOUT_MS))
                  .recover(error -> Future.failedFuture(controlFailure(messageId, action, error)))
                  .compose(
                      reply ->
                          reply.body().getBoolean("applied", false)
                              ? lookup.find(pool, caller.tenant(), messageId)
                              : Future.failedFuture(
                                  new TaskIllegalStateException(
                                      "task "
                                          + messageId
                                          + " ended before the "
                                          + action
                                          + " reached it",
                                      new JsonObject().put("messageId", messageId))))
                  .map(info -> info.orElseThrow(() -> new InvalidTaskException(messageId)));
            });
  }

  private static TaskControlException controlFailure(
      String messageId, String action, Throwable error) {
    if (error instanceof ReplyException reply
        && reply.failureType() == ReplyFailure.RECIPIENT_FAILURE) {
      return new TaskIllegalStateException(
          "cannot " + action + " task " + messageId + ": " + reply.getMessage(),
          new JsonObject().put("messageId", messageId));
    }
    return new TaskControlException(
        ErrorCode.UNAVAILABLE,
        "the runner holding task "
            + messageId
            + " did not answer ("
            + silence(error)
            + "); if it crashed, its tasks return to their queues when its lease expires",
        new JsonObject().put("messageId", messageId));
  }

  /** Why a runner did not answer, in Ordo's words (never the event bus's exception text). */
  private static String silence(Throwable error) {
    if (error instanceof ReplyException reply && reply.failureType() == ReplyFailure.NO_HANDLERS) {
      return "it is no longer on the event bus";
    }
    if (error instanceof ReplyException reply && reply.failureType() == ReplyFailure.TIMEOUT) {
      return "no answer in time";
    }
    return "the event bus could not reach it";
  }
}
