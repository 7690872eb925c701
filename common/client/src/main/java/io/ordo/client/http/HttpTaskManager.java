package io.ordo.client.http;

import com.fasterxml.jackson.databind.JsonNode;
import io.ordo.client.http.exception.InvalidTaskException;
import io.ordo.client.http.exception.QueueNotFoundException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.function.Consumer;
import java.util.function.Function;

/** {@link TaskManager} over the HTTP API: each operation is one {@link Call}, sent either way. */
final class HttpTaskManager implements TaskManager {
  private final Exchange exchange;

  HttpTaskManager(Exchange exchange) {
    this.exchange = exchange;
  }

  // ---- the calls

  private Call<ParallelizedTaskMessage> registerParallel(TaskRegistration registration) {
    TaskRegistration r = required(registration, "registration");
    return Call.post(
            "/parallel-queue/tasks", keyed(r, r.toBody(false)), ParallelizedTaskMessage::new)
        .traceparent(r.traceparent())
        .retryable();
  }

  private Call<SerializedTaskMessage> registerSerial(
      String queueId, TaskRegistration registration) {
    TaskRegistration r = required(registration, "registration");
    return Call.post(
            queue(queueId) + "/tasks", keyed(r, r.toBody(true)), SerializedTaskMessage::new)
        .traceparent(r.traceparent())
        .retryable();
  }

  /**
   * A registration's body with its idempotency key: the caller's, or one made up so that this
   * call's own retries create one message. The key goes in the body, where the API takes any text
   * (a header carries only ASCII), so a retry of this body registers once.
   */
  private Map<String, Object> keyed(TaskRegistration registration, Map<String, Object> body) {
    String key =
        registration.idempotencyKey() != null
            ? registration.idempotencyKey()
            : exchange.retries() ? UUID.randomUUID().toString() : null;
    if (key != null) {
      body.put("idempotencyKey", key);
    }
    return body;
  }

  private Call<Boolean> remove(String messageId, String queueKind) {
    return Call.delete(task(messageId), HttpTaskManager::removed).query("queue", queueKind);
  }

  private static Call<Void> parallelActive(boolean active) {
    return Call.put("/parallel-queue/active", Map.of("active", active), HttpTaskManager::activeSet);
  }

  private static Call<Boolean> addQueue(String queueId, boolean active) {
    required(queueId, "queueId");
    return Call.post(
            "/serial-queues",
            Map.of("queueId", queueId, "active", active),
            answer -> new RegisteredSerializedTaskQueueInfo(answer) != null)
        .answering("queue_exists", false);
  }

  private static Call<Boolean> removeQueue(String queueId) {
    return Call.delete(queue(queueId), HttpTaskManager::removed)
        .answering(QueueNotFoundException.CODE, false);
  }

  private static Call<Void> serialActive(String queueId, boolean active) {
    return Call.put(
        queue(queueId) + "/active", Map.of("active", active), HttpTaskManager::activeSet);
  }

  /** A removal's answer: 204 without a body. */
  static Boolean removed(JsonNode answer) {
    if (!answer.isMissingNode()) {
      throw new IllegalArgumentException("a removal answers no body");
    }
    return true;
  }

  /** An activation's answer: the queue's new state ({@code isActive}). */
  private static Void activeSet(JsonNode answer) {
    Json.requiredBool(Json.object(answer, "the queue's state"), "isActive");
    return null;
  }

  private static <T> Call<T> end(
      String action,
      String messageId,
      String queueKind,
      boolean reentry,
      boolean stop,
      Function<JsonNode, T> reader) {
    return Call.post(
            task(messageId) + "/" + action, Map.of("reentry", reentry, "stop", stop), reader)
        .query("queue", queueKind);
  }

  private static Call<RegisteredInfo> status() {
    return Call.get("/status", RegisteredInfo::new).query("limit", LIST_LIMIT);
  }

  private static Call<RegisteredParallelizedTaskQueueInfo> parallelQueue() {
    return parallelQueue(LIST_LIMIT, null);
  }

  private static Call<RegisteredParallelizedTaskQueueInfo> parallelQueue(
      int limit, String waitingPageToken) {
    return Call.get("/parallel-queue", RegisteredParallelizedTaskQueueInfo::new)
        .query("limit", waitingLimit(limit))
        .query("waitingPageToken", waitingPageToken);
  }

  private static Call<RegisteredSerializedTaskQueueInfo> serialQueue(String queueId) {
    return serialQueue(queueId, LIST_LIMIT, null);
  }

  private static Call<RegisteredSerializedTaskQueueInfo> serialQueue(
      String queueId, int limit, String waitingPageToken) {
    return Call.get(queue(queueId), RegisteredSerializedTaskQueueInfo::new)
        .query("limit", waitingLimit(limit))
        .query("waitingPageToken", waitingPageToken);
  }

  private static int waitingLimit(int limit) {
    if (limit < 0 || limit > LIST_LIMIT) {
      throw new IllegalArgumentException("limit must be 0 to " + LIST_LIMIT + ", got " + limit);
    }
    return limit;
  }

  private static Call<List<RegisteredSerializedTaskQueueInfo>> serialQueues() {
    return Call.get("/serial-queues", list(RegisteredSerializedTaskQueueInfo::new));
  }

  private static Call<RegisteredTaskInfo> taskInfo(String messageId) {
    return Call.get(task(messageId), RegisteredTaskInfo::read);
  }

  private static Call<HistoryPage> history(String messageId, HistoryQuery query) {
    return historyCall(task(messageId) + "/history", query);
  }

  static Call<HistoryPage> historyCall(String path, HistoryQuery query) {
    HistoryQuery q = required(query, "query");
    return Call.get(path, HistoryPage::read)
        .query("reverseOrder", q.reverseOrder())
        .query("maximumPageSize", q.maximumPageSize())
        .query("nextPageToken", q.nextPageToken());
  }

  static Call<TaskPage> listCall(TaskQuery query) {
    TaskQuery q = required(query, "query");
    return Call.get("/tasks", TaskPage::read)
        .query("status", q.statuses().isEmpty() ? null : String.join(",", q.statuses()))
        .query("queue", q.queue())
        .query("queueId", q.queueId())
        .query("taskClassName", q.taskClassName())
        .query("jsPath", q.jsPath())
        .query("executionId", q.executionId())
        .query("since", q.since())
        .query("until", q.until())
        .query("limit", q.limit())
        .query("nextPageToken", q.nextPageToken());
  }

  private Call<RegisteredTaskInfo> rerunCall(String messageId) {
    Call<RegisteredTaskInfo> call =
        Call.post(task(messageId) + "/rerun", null, RegisteredTaskInfo::read);
    return exchange.retries() ? call.idempotencyKey(UUID.randomUUID().toString()) : call;
  }

  private static Call<List<TaskType>> taskTypes() {
    return Call.get("/task-types", list(TaskType::read));
  }

  static <T> Function<JsonNode, List<T>> list(Function<JsonNode, T> reader) {
    return array -> {
      if (!array.isArray()) {
        throw new IllegalArgumentException("it is not a JSON array");
      }
      List<T> items = new ArrayList<>();
      array.forEach(item -> items.add(reader.apply(item)));
      return List.copyOf(items);
    };
  }

  /**
   * A message's path. No message has the id {@code .} or {@code ..}, which a URL cannot carry as a
   * segment (it would name the parent path): such an id is what the documentation says of any id
   * without a message, {@link InvalidTaskException}, raised without asking (status 0: no answer).
   */
  private static String task(String messageId) {
    String id = required(messageId, "messageId");
    if (id.equals(".") || id.equals("..")) {
      throw new InvalidTaskException(0, "no task message has the id '" + id + "'", Map.of());
    }
    return "/tasks/" + Call.segment(id);
  }

  private static String queue(String queueId) {
    return "/serial-queues/" + Call.segment(required(queueId, "queueId"));
  }

  /**
   * Values of a varargs setter, each given.
   *
   * @throws IllegalArgumentException the array, or one of its values, is null (or empty text)
   */
  static List<String> requiredEach(String[] values, String name) {
    required(values, name);
    for (String value : values) {
      required(value, name);
    }
    return List.of(values);
  }

  static <T> T required(T value, String name) {
    if (value == null || value instanceof String text && text.isEmpty()) {
      throw new IllegalArgumentException(name + " must be given");
    }
    return value;
  }

  // ---- registration

  @Override
  public ParallelizedTaskMessage addParallelizedTask(
      String taskClassName, Map<String, ?> parameter) {
    return addParallelizedTask(TaskRegistration.of(taskClassName, parameter));
  }

  @Override
  public CompletableFuture<ParallelizedTaskMessage> addParallelizedTaskAsync(
      String taskClassName, Map<String, ?> parameter) {
    return exchange.callAsync(
        () -> registerParallel(TaskRegistration.of(taskClassName, parameter)));
  }

  @Override
  public ParallelizedTaskMessage addParallelizedTask(TaskRegistration registration) {
    return exchange.call(registerParallel(registration));
  }

  @Override
  public CompletableFuture<ParallelizedTaskMessage> addParallelizedTaskAsync(
      TaskRegistration registration) {
    return exchange.callAsync(() -> registerParallel(registration));
  }

  @Override
  public SerializedTaskMessage addSerializedTask(
      String queueId, String taskClassName, Map<String, ?> parameter, boolean stopProgressOnError) {
    return addSerializedTask(queueId, serial(taskClassName, parameter, stopProgressOnError));
  }

  @Override
  public CompletableFuture<SerializedTaskMessage> addSerializedTaskAsync(
      String queueId, String taskClassName, Map<String, ?> parameter, boolean stopProgressOnError) {
    return exchange.callAsync(
        () -> registerSerial(queueId, serial(taskClassName, parameter, stopProgressOnError)));
  }

  private static TaskRegistration serial(
      String taskClassName, Map<String, ?> parameter, boolean stopProgressOnError) {
    return TaskRegistration.builder(taskClassName)
        .parameter(parameter)
        .stopProgressOnError(stopProgressOnError)
        .build();
  }

  @Override
  public SerializedTaskMessage addSerializedTask(String queueId, TaskRegistration registration) {
    return exchange.call(registerSerial(queueId, registration));
  }

  @Override
  public CompletableFuture<SerializedTaskMessage> addSerializedTaskAsync(
      String queueId, TaskRegistration registration) {
    return exchange.callAsync(() -> registerSerial(queueId, registration));
  }

  // ---- removal

  @Override
  public boolean removeParallelizedTask(String messageId) {
    return exchange.call(remove(messageId, "parallel"));
  }

  @Override
  public CompletableFuture<Boolean> removeParallelizedTaskAsync(String messageId) {
    return exchange.callAsync(() -> remove(messageId, "parallel"));
  }

  @Override
  public boolean removeSerializedTask(String messageId) {
    return exchange.call(remove(messageId, "serial"));
  }

  @Override
  public CompletableFuture<Boolean> removeSerializedTaskAsync(String messageId) {
    return exchange.callAsync(() -> remove(messageId, "serial"));
  }

  // ---- queues

  @Override
  public void setParallelizedTaskQueueActive(boolean active) {
    exchange.call(parallelActive(active));
  }

  @Override
  public CompletableFuture<Void> setParallelizedTaskQueueActiveAsync(boolean active) {
    return exchange.callAsync(() -> parallelActive(active));
  }

  @Override
  public boolean addSerializedTaskQueue(String queueId, boolean active) {
    return exchange.call(addQueue(queueId, active));
  }

  @Override
  public CompletableFuture<Boolean> addSerializedTaskQueueAsync(String queueId, boolean active) {
    return exchange.callAsync(() -> addQueue(queueId, active));
  }

  @Override
  public boolean removeSerializedTaskQueue(String queueId) {
    return exchange.call(removeQueue(queueId));
  }

  @Override
  public CompletableFuture<Boolean> removeSerializedTaskQueueAsync(String queueId) {
    return exchange.callAsync(() -> removeQueue(queueId));
  }

  @Override
  public void setSerializedTaskQueueActive(String queueId, boolean active) {
    exchange.call(serialActive(queueId, active));
  }

  @Override
  public CompletableFuture<Void> setSerializedTaskQueueActiveAsync(String queueId, boolean active) {
    return exchange.callAsync(() -> serialActive(queueId, active));
  }

  // ---- release and forced stop

  @Override
  public ParallelizedTaskMessage releaseRunningParallelizedTask(
      String messageId, boolean reentry, boolean stop) {
    return exchange.call(
        end("release", messageId, "parallel", reentry, stop, ParallelizedTaskMessage::new));
  }

  @Override
  public CompletableFuture<ParallelizedTaskMessage> releaseRunningParallelizedTaskAsync(
      String messageId, boolean reentry, boolean stop) {
    return exchange.callAsync(
        () -> end("release", messageId, "parallel", reentry, stop, ParallelizedTaskMessage::new));
  }

  @Override
  public SerializedTaskMessage releaseRunningSerializedTask(
      String messageId, boolean reentry, boolean stop) {
    return exchange.call(
        end("release", messageId, "serial", reentry, stop, SerializedTaskMessage::new));
  }

  @Override
  public CompletableFuture<SerializedTaskMessage> releaseRunningSerializedTaskAsync(
      String messageId, boolean reentry, boolean stop) {
    return exchange.callAsync(
        () -> end("release", messageId, "serial", reentry, stop, SerializedTaskMessage::new));
  }

  @Override
  public ParallelizedTaskMessage stopRunningParallelizedTask(
      String messageId, boolean reentry, boolean stop) {
    return exchange.call(
        end("stop", messageId, "parallel", reentry, stop, ParallelizedTaskMessage::new));
  }

  @Override
  public CompletableFuture<ParallelizedTaskMessage> stopRunningParallelizedTaskAsync(
      String messageId, boolean reentry, boolean stop) {
    return exchange.callAsync(
        () -> end("stop", messageId, "parallel", reentry, stop, ParallelizedTaskMessage::new));
  }

  @Override
  public SerializedTaskMessage stopRunningSerializedTask(
      String messageId, boolean reentry, boolean stop) {
    return exchange.call(
        end("stop", messageId, "serial", reentry, stop, SerializedTaskMessage::new));
  }

  @Override
  public CompletableFuture<SerializedTaskMessage> stopRunningSerializedTaskAsync(
      String messageId, boolean reentry, boolean stop) {
    return exchange.callAsync(
        () -> end("stop", messageId, "serial", reentry, stop, SerializedTaskMessage::new));
  }

  // ---- reads

  @Override
  public RegisteredInfo getRegisteredInfo() {
    return exchange.call(status());
  }

  @Override
  public CompletableFuture<RegisteredInfo> getRegisteredInfoAsync() {
    return exchange.callAsync(HttpTaskManager::status);
  }

  @Override
  public RegisteredParallelizedTaskQueueInfo getParallelizedTaskQueueInfo() {
    return exchange.call(parallelQueue());
  }

  @Override
  public CompletableFuture<RegisteredParallelizedTaskQueueInfo>
      getParallelizedTaskQueueInfoAsync() {
    return exchange.callAsync(HttpTaskManager::parallelQueue);
  }

  @Override
  public RegisteredParallelizedTaskQueueInfo getParallelizedTaskQueueInfo(
      int limit, String waitingPageToken) {
    return exchange.call(parallelQueue(limit, waitingPageToken));
  }

  @Override
  public CompletableFuture<RegisteredParallelizedTaskQueueInfo> getParallelizedTaskQueueInfoAsync(
      int limit, String waitingPageToken) {
    return exchange.callAsync(() -> parallelQueue(limit, waitingPageToken));
  }

  @Override
  public RegisteredSerializedTaskQueueInfo getSerializedTaskQueueInfo(
      String queueId, int limit, String waitingPageToken) {
    return exchange.call(serialQueue(queueId, limit, waitingPageToken));
  }

  @Override
  public CompletableFuture<RegisteredSerializedTaskQueueInfo> getSerializedTaskQueueInfoAsync(
      String queueId, int limit, String waitingPageToken) {
    return exchange.callAsync(() -> serialQueue(queueId, limit, waitingPageToken));
  }

  @Override
  public RegisteredSerializedTaskQueueInfo getSerializedTaskQueueInfo(String queueId) {
    return exchange.call(serialQueue(queueId));
  }

  @Override
  public CompletableFuture<RegisteredSerializedTaskQueueInfo> getSerializedTaskQueueInfoAsync(
      String queueId) {
    return exchange.callAsync(() -> serialQueue(queueId));
  }

  @Override
  public List<RegisteredSerializedTaskQueueInfo> getSerializedTaskQueuesInfo() {
    return exchange.call(serialQueues());
  }

  @Override
  public CompletableFuture<List<RegisteredSerializedTaskQueueInfo>>
      getSerializedTaskQueuesInfoAsync() {
    return exchange.callAsync(HttpTaskManager::serialQueues);
  }

  @Override
  public RegisteredTaskInfo getTaskInfo(String messageId) {
    return exchange.call(taskInfo(messageId));
  }

  @Override
  public CompletableFuture<RegisteredTaskInfo> getTaskInfoAsync(String messageId) {
    return exchange.callAsync(() -> taskInfo(messageId));
  }

  @Override
  public HistoryPage getTaskHistory(String messageId, HistoryQuery query) {
    return exchange.call(history(messageId, query));
  }

  @Override
  public CompletableFuture<HistoryPage> getTaskHistoryAsync(String messageId, HistoryQuery query) {
    return exchange.callAsync(() -> history(messageId, query));
  }

  @Override
  public HistoryFollow followTaskHistory(
      String messageId, long afterEventId, Consumer<HistoryEvent> listener) {
    return HistoryTail.follow(
        exchange, task(messageId) + "/history/stream", afterEventId, listener);
  }

  @Override
  public List<TaskType> getTaskTypes() {
    return exchange.call(taskTypes());
  }

  @Override
  public CompletableFuture<List<TaskType>> getTaskTypesAsync() {
    return exchange.callAsync(HttpTaskManager::taskTypes);
  }

  @Override
  public TaskPage list(TaskQuery query) {
    return exchange.call(listCall(query));
  }

  @Override
  public CompletableFuture<TaskPage> listAsync(TaskQuery query) {
    return exchange.callAsync(() -> listCall(query));
  }

  @Override
  public RegisteredTaskInfo rerun(String messageId) {
    return exchange.call(rerunCall(messageId));
  }

  @Override
  public CompletableFuture<RegisteredTaskInfo> rerunAsync(String messageId) {
    return exchange.callAsync(() -> rerunCall(messageId));
  }
}
