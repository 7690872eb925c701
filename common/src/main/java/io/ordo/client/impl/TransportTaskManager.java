package io.ordo.client.impl;

import io.ordo.ErrorCode;
import io.ordo.InvalidTaskException;
import io.ordo.TaskControlException;
import io.ordo.bus.QueueApi.Action;
import io.ordo.client.ParallelizedTaskMessage;
import io.ordo.client.SerializedTaskMessage;
import io.ordo.client.TaskRegistration;
import io.ordo.client.report.RegisteredInfo;
import io.ordo.model.MessageIds;
import io.ordo.model.QueueKind;
import io.ordo.model.TaskInfo;
import io.vertx.core.Future;
import io.vertx.core.json.JsonObject;
import java.util.Map;
import java.util.function.Supplier;

/**
 * The {@link io.ordo.client.TaskManager} semantics over any {@link Transport}: checks arguments
 * before sending, builds the calls, reads the answers into the seed's types and maps the answers
 * the seed reports as {@code false} (an existing or unknown serial queue).
 */
public class TransportTaskManager extends BlockingTaskManager {
  private final Transport transport;

  protected TransportTaskManager(Transport transport, Blocking blocking) {
    super(blocking);
    this.transport = transport;
  }

  protected Transport transport() {
    return transport;
  }

  // ---- registration

  @Override
  public Future<ParallelizedTaskMessage> addParallelizedTaskAsync(
      String taskClassName, Map<String, ?> parameter) {
    return attempt(() -> addParallelizedTaskAsync(TaskRegistration.of(taskClassName, parameter)));
  }

  @Override
  public Future<ParallelizedTaskMessage> addParallelizedTaskAsync(TaskRegistration registration) {
    return attempt(
        () ->
            transport
                .send(Action.REGISTER_PARALLEL_TASK, required(registration).toJson(false))
                .map(ParallelizedTaskMessage::fromJson));
  }

  @Override
  public Future<SerializedTaskMessage> addSerializedTaskAsync(
      String queueId, String taskClassName, Map<String, ?> parameter, boolean stopProgressOnError) {
    return attempt(
        () ->
            addSerializedTaskAsync(
                queueId,
                TaskRegistration.builder(taskClassName)
                    .parameter(parameter)
                    .stopProgressOnError(stopProgressOnError)
                    .build()));
  }

  @Override
  public Future<SerializedTaskMessage> addSerializedTaskAsync(
      String queueId, TaskRegistration registration) {
    return attempt(
        () ->
            transport
                .send(
                    Action.REGISTER_SERIAL_TASK,
                    required(registration).toJson(true).put("queueId", queueId(queueId)))
                .map(SerializedTaskMessage::fromJson));
  }

  // ---- removal

  @Override
  public Future<Boolean> removeParallelizedTaskAsync(String messageId) {
    return remove(messageId, QueueKind.PARALLEL);
  }

  @Override
  public Future<Boolean> removeSerializedTaskAsync(String messageId) {
    return remove(messageId, QueueKind.SERIAL);
  }

  private Future<Boolean> remove(String messageId, QueueKind kind) {
    return attempt(
        () -> transport.send(Action.REMOVE_TASK, task(messageId, kind)).map(answer -> true));
  }

  // ---- queues

  @Override
  public Future<Void> setParallelizedTaskQueueActiveAsync(boolean active) {
    return attempt(
        () ->
            transport
                .send(Action.SET_PARALLEL_QUEUE_ACTIVE, new JsonObject().put("active", active))
                .mapEmpty());
  }

  @Override
  public Future<Boolean> addSerializedTaskQueueAsync(String queueId, boolean active) {
    return attempt(
        () ->
            transport
                .send(
                    Action.ADD_SERIAL_QUEUE,
                    new JsonObject().put("queueId", queueId(queueId)).put("active", active))
                .map(answer -> true)
                .recover(error -> falseIf(error, ErrorCode.QUEUE_EXISTS)));
  }

  @Override
  public Future<Boolean> removeSerializedTaskQueueAsync(String queueId) {
    return attempt(
        () ->
            transport
                .send(Action.REMOVE_SERIAL_QUEUE, new JsonObject().put("queueId", queueId(queueId)))
                .map(answer -> true)
                .recover(error -> falseIf(error, ErrorCode.QUEUE_NOT_FOUND)));
  }

  @Override
  public Future<Void> setSerializedTaskQueueActiveAsync(String queueId, boolean active) {
    return attempt(
        () ->
            transport
                .send(
                    Action.SET_SERIAL_QUEUE_ACTIVE,
                    new JsonObject().put("queueId", queueId(queueId)).put("active", active))
                .mapEmpty());
  }

  // ---- release and forced stop

  @Override
  public Future<ParallelizedTaskMessage> releaseRunningParallelizedTaskAsync(
      String messageId, boolean reentry, boolean stop) {
    return end(Action.RELEASE_TASK, messageId, QueueKind.PARALLEL, reentry, stop)
        .map(ParallelizedTaskMessage::fromJson);
  }

  @Override
  public Future<SerializedTaskMessage> releaseRunningSerializedTaskAsync(
      String messageId, boolean reentry, boolean stop) {
    return end(Action.RELEASE_TASK, messageId, QueueKind.SERIAL, reentry, stop)
        .map(SerializedTaskMessage::fromJson);
  }

  @Override
  public Future<ParallelizedTaskMessage> stopRunningParallelizedTaskAsync(
      String messageId, boolean reentry, boolean stop) {
    return end(Action.STOP_TASK, messageId, QueueKind.PARALLEL, reentry, stop)
        .map(ParallelizedTaskMessage::fromJson);
  }

  @Override
  public Future<SerializedTaskMessage> stopRunningSerializedTaskAsync(
      String messageId, boolean reentry, boolean stop) {
    return end(Action.STOP_TASK, messageId, QueueKind.SERIAL, reentry, stop)
        .map(SerializedTaskMessage::fromJson);
  }

  private Future<JsonObject> end(
      Action action, String messageId, QueueKind kind, boolean reentry, boolean stop) {
    return attempt(
        () ->
            transport.send(
                action, task(messageId, kind).put("reentry", reentry).put("stop", stop)));
  }

  // ---- reads

  @Override
  public Future<RegisteredInfo> getRegisteredInfoAsync() {
    return attempt(
        () ->
            transport
                .send(Action.GET_STATUS, new JsonObject().put("limit", REGISTERED_INFO_LIST_LIMIT))
                .map(RegisteredInfo::fromJson));
  }

  @Override
  public Future<TaskInfo> getTaskInfoAsync(String messageId) {
    return attempt(
        () -> transport.send(Action.GET_TASK, task(messageId, null)).map(TaskInfo::fromJson));
  }

  // ---- argument checks

  /** Runs a step that may throw (argument checks) so that the Async forms never throw. */
  private static <T> Future<T> attempt(Supplier<Future<T>> step) {
    try {
      return step.get();
    } catch (RuntimeException e) {
      return Future.failedFuture(e);
    }
  }

  private static TaskRegistration required(TaskRegistration registration) {
    if (registration == null) {
      throw new IllegalArgumentException("registration must be given");
    }
    return registration;
  }

  private static String queueId(String queueId) {
    if (queueId == null || queueId.isEmpty()) {
      throw new IllegalArgumentException("queueId must be a non-empty serial queue id");
    }
    return queueId;
  }

  /**
   * The call's task members. An id Ordo cannot have issued (not a UUID) is refused here as the
   * server would refuse it, with {@link InvalidTaskException}, without a round trip.
   *
   * @param kind the queue kind the operation is about; null for any
   */
  private static JsonObject task(String messageId, QueueKind kind) {
    if (messageId == null || messageId.isEmpty()) {
      throw new IllegalArgumentException("messageId must be given");
    }
    if (MessageIds.parseOrNull(messageId) == null) {
      throw new InvalidTaskException(messageId);
    }
    JsonObject request = new JsonObject().put("messageId", messageId);
    return kind == null ? request : request.put("queue", kind.apiName());
  }

  private static Future<Boolean> falseIf(Throwable error, ErrorCode code) {
    return error instanceof TaskControlException domain && domain.code() == code
        ? Future.succeededFuture(false)
        : Future.failedFuture(error);
  }
}
