package io.ordo.queue.bus;

import static io.ordo.queue.bus.BusRequests.DEFAULT_LIMIT;

import io.ordo.bus.Addresses;
import io.ordo.bus.BusErrors;
import io.ordo.bus.QueueApi;
import io.ordo.model.Caller;
import io.ordo.model.QueueKind;
import io.ordo.model.TaskInfo;
import io.ordo.parameter.InputValues;
import io.ordo.queue.QueueServices;
import io.ordo.queue.registration.RequestMeta;
import io.ordo.queue.store.QueueRow;
import io.ordo.queue.store.QueueStore;
import io.vertx.core.Future;
import io.vertx.core.eventbus.EventBus;
import io.vertx.core.eventbus.Message;
import io.vertx.core.json.JsonObject;
import java.time.Clock;

/**
 * The queue service's API on the event bus ({@link Addresses#QUEUE_API}, see {@link QueueApi}): the
 * {@code action} header picks the operation, the body carries its members, the answer is the HTTP
 * API's JSON and failures are sent with {@link BusErrors#fail}.
 *
 * <p>The event bus is inside the trust boundary: the caller (tenant, role, principal) is taken from
 * the headers without a token. Role checks still apply to the role the headers name.
 */
public final class QueueApiConsumer {
  private final QueueServices services;
  private final Clock clock;

  public QueueApiConsumer(QueueServices services, Clock clock) {
    this.services = services;
    this.clock = clock;
  }

  public void register(EventBus eventBus) {
    eventBus.<JsonObject>consumer(Addresses.QUEUE_API, this::handle);
  }

  private void handle(Message<JsonObject> message) {
    Future<JsonObject> answer;
    try {
      answer = dispatch(message);
    } catch (RuntimeException e) {
      answer = Future.failedFuture(e); // argument and role checks throw before any work starts
    }
    answer.onSuccess(message::reply).onFailure(error -> BusErrors.fail(message, error));
  }

  private Future<JsonObject> dispatch(Message<JsonObject> message) {
    QueueApi.Action action = BusRequests.action(message.headers());
    Caller caller = BusRequests.caller(message.headers());
    JsonObject body = message.body() == null ? new JsonObject() : message.body();
    InputValues.checkJson("", body); // NUL and number range, as over HTTP
    return switch (action) {
      case REGISTER_PARALLEL_TASK ->
          register(caller, QueueKind.PARALLEL, QueueStore.PARALLEL_QUEUE_ID, body, message);
      case REGISTER_SERIAL_TASK -> {
        String queueId = BusRequests.queueId(body);
        JsonObject registration = body.copy();
        registration.remove("queueId");
        yield register(caller, QueueKind.SERIAL, queueId, registration, message);
      }
      case SET_PARALLEL_QUEUE_ACTIVE ->
          services
              .queues()
              .setParallelActive(caller, BusRequests.bool(body, "active", null))
              .map(QueueApiConsumer::activeState);
      case GET_PARALLEL_QUEUE ->
          services.reader().parallelQueue(caller, BusRequests.limit(body, "limit", DEFAULT_LIMIT));
      case ADD_SERIAL_QUEUE -> addSerial(caller, body);
      case LIST_SERIAL_QUEUES ->
          services.reader().serialQueues(caller).map(list -> new JsonObject().put("queues", list));
      case GET_SERIAL_QUEUE ->
          services
              .reader()
              .serialQueue(
                  caller,
                  BusRequests.queueId(body),
                  BusRequests.limit(body, "limit", DEFAULT_LIMIT));
      case SET_SERIAL_QUEUE_ACTIVE ->
          services
              .queues()
              .setSerialActive(
                  caller, BusRequests.queueId(body), BusRequests.bool(body, "active", null))
              .map(QueueApiConsumer::activeState);
      case REMOVE_SERIAL_QUEUE ->
          services.queues().removeSerial(caller, BusRequests.queueId(body)).map(new JsonObject());
      case GET_TASK ->
          services.reader().task(caller, BusRequests.messageId(body)).map(TaskInfo::toJson);
      case REMOVE_TASK ->
          services
              .tasks()
              .remove(caller, BusRequests.messageId(body), BusRequests.queueKind(body))
              .map(new JsonObject());
      case RELEASE_TASK -> end(caller, body, false);
      case STOP_TASK -> end(caller, body, true);
      case GET_TASK_HISTORY ->
          services
              .history()
              .taskHistory(
                  caller,
                  BusRequests.messageId(body),
                  BusRequests.bool(body, "reverseOrder", false),
                  BusRequests.limit(body, "maximumPageSize", DEFAULT_LIMIT),
                  BusRequests.string(body, "nextPageToken"));
      case LIST_TASK_TYPES -> taskTypes();
      case GET_STATUS ->
          services.reader().status(caller, BusRequests.limit(body, "limit", DEFAULT_LIMIT));
    };
  }

  private Future<JsonObject> register(
      Caller caller, QueueKind kind, String queueId, JsonObject body, Message<?> message) {
    RequestMeta meta =
        new RequestMeta(
            clock.instant(),
            message.headers().get(QueueApi.TRACEPARENT),
            message.headers().get(QueueApi.ACCEPT_LANGUAGE),
            null);
    return services
        .registrations()
        .register(caller, kind, queueId, BusRequests.registration(body), meta)
        .map(TaskInfo::toJson);
  }

  private Future<JsonObject> addSerial(Caller caller, JsonObject body) {
    String queueId = BusRequests.queueId(body);
    boolean active = BusRequests.bool(body, "active", true);
    return services
        .queues()
        .addSerial(caller, queueId, active)
        .compose(added -> services.reader().addedSerialQueue(added, DEFAULT_LIMIT));
  }

  private Future<JsonObject> end(Caller caller, JsonObject body, boolean forced) {
    return services
        .control()
        .end(
            caller,
            BusRequests.messageId(body),
            BusRequests.queueKind(body),
            forced,
            BusRequests.bool(body, "reentry", false),
            BusRequests.bool(body, "stop", false))
        .map(TaskInfo::toJson);
  }

  private Future<JsonObject> taskTypes() {
    return services
        .catalog()
        .refresh()
        .compose(v -> services.catalog().describe())
        .map(types -> new JsonObject().put("taskTypes", types));
  }

  private static JsonObject activeState(QueueRow queue) {
    return new JsonObject().put("isActive", queue.active());
  }
}
