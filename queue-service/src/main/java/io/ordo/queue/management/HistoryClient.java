package io.ordo.queue.management;

import io.ordo.ErrorCode;
import io.ordo.InvalidTaskException;
import io.ordo.TaskControlException;
import io.ordo.bus.Addresses;
import io.ordo.bus.BusErrors;
import io.ordo.bus.Requests;
import io.ordo.model.Caller;
import io.ordo.model.MessageIds;
import io.ordo.model.Role;
import io.vertx.core.Future;
import io.vertx.core.eventbus.DeliveryOptions;
import io.vertx.core.eventbus.EventBus;
import io.vertx.core.json.JsonObject;

/** Asks the history service for a page of a task's history, on behalf of the API gateway. */
public final class HistoryClient {
  private static final long TIMEOUT_MS = 30_000;

  private final EventBus eventBus;

  public HistoryClient(EventBus eventBus) {
    this.eventBus = eventBus;
  }

  /** {@code GET /tasks/{id}/history}; an unknown message answers invalid_task. */
  public Future<JsonObject> taskHistory(
      Caller caller, String messageId, boolean reverse, int pageSize, String nextPageToken) {
    Access.require(caller, Role.SUBMITTER);
    if (MessageIds.parseOrNull(messageId) == null) {
      return Future.failedFuture(new InvalidTaskException(messageId));
    }
    return page(caller.tenant(), messageId, reverse, pageSize, nextPageToken)
        .recover(error -> Future.failedFuture(notFoundAsInvalidTask(error, messageId)));
  }

  /** Events after {@code afterEventId} and whether the history is open (for live tails). */
  public Future<JsonObject> after(Caller caller, String messageId, long afterEventId) {
    Access.require(caller, Role.SUBMITTER);
    if (MessageIds.parseOrNull(messageId) == null) {
      return Future.failedFuture(new InvalidTaskException(messageId));
    }
    return after(caller.tenant(), messageId, afterEventId)
        .recover(error -> Future.failedFuture(notFoundAsInvalidTask(error, messageId)));
  }

  /**
   * Events of any history after {@code afterEventId}, with whether it is open; an unknown history
   * fails with not_found.
   */
  public Future<JsonObject> after(String tenant, String executionId, long afterEventId) {
    JsonObject request =
        new JsonObject()
            .put("tenant", tenant)
            .put("executionId", executionId)
            .put("afterEventId", afterEventId);
    return read(request);
  }

  private static Throwable notFoundAsInvalidTask(Throwable error, String messageId) {
    return error instanceof TaskControlException t && t.code() == ErrorCode.NOT_FOUND
        ? new InvalidTaskException(messageId)
        : error;
  }

  public Future<JsonObject> page(
      String tenant, String executionId, boolean reverse, int pageSize, String nextPageToken) {
    JsonObject request =
        new JsonObject()
            .put("tenant", tenant)
            .put("executionId", executionId)
            .put("reverseOrder", reverse)
            .put("maximumPageSize", pageSize)
            .put("nextPageToken", nextPageToken);
    return read(request);
  }

  /** Sends a read to the history service; its failures as the domain's problems. */
  private Future<JsonObject> read(JsonObject request) {
    return Requests.<JsonObject>request(
            eventBus,
            Addresses.HISTORY_READ,
            request,
            new DeliveryOptions().setSendTimeout(TIMEOUT_MS))
        .map(reply -> reply.body())
        .recover(error -> Future.failedFuture(BusErrors.toDomain(error)));
  }
}
