package io.ordo.client.http;

import io.ordo.client.http.exception.ConnectionFailedException;
import io.ordo.client.http.exception.InvalidTaskException;
import io.ordo.client.http.exception.QueueNotFoundException;
import io.ordo.client.http.exception.TaskControlException;
import io.ordo.client.http.exception.TaskIllegalStateException;
import io.ordo.client.http.exception.TaskQueueIllegalStateException;
import io.ordo.client.http.exception.UnknownTaskTypeException;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.function.Consumer;

/**
 * Submits and manages the task messages of one tenant (the seed's {@code TaskManager}, SPEC 9.2),
 * over Ordo's HTTP API. Get one from {@link OrdoClient#tasks()}; it is thread-safe.
 *
 * <p>Every operation has a blocking form with the seed's name, and an {@code Async} form returning
 * a {@link CompletableFuture} that completes exceptionally with the same exceptions (it never
 * throws itself). All exceptions are unchecked, under {@link TaskControlException}, one class per
 * problem code of the API (e.g. {@link UnknownTaskTypeException}, {@link InvalidTaskException}),
 * plus {@link ConnectionFailedException} when no answer came. Besides those listed on a method, any
 * call may throw {@code UnauthorizedException} (bad token), {@code ForbiddenException} (the token's
 * role may not do it) and {@code ConnectionFailedException}. A blocking call throws with the
 * caller's own stack. A parameter outside the seed's type table throws {@link
 * IllegalArgumentException} before anything is sent.
 */
public interface TaskManager {
  /** The most tasks of each list that the snapshots read: the API's maximum. */
  int LIST_LIMIT = 1000;

  /**
   * Registers a message at the tail of the tenant's parallel queue. Answers once the message is
   * stored, without waiting for it to run.
   *
   * @param taskClassName a task type's class name or alias
   * @param parameter null or a map of the seed's parameter types
   * @return the message, WAITING
   * @throws UnknownTaskTypeException no runner knows the task type; nothing was stored
   */
  ParallelizedTaskMessage addParallelizedTask(String taskClassName, Map<String, ?> parameter);

  /** The async form of {@link #addParallelizedTask(String, Map)}. */
  CompletableFuture<ParallelizedTaskMessage> addParallelizedTaskAsync(
      String taskClassName, Map<String, ?> parameter);

  /**
   * Registers in the parallel queue with options (sent time, timeouts, idempotency key, context).
   *
   * @throws UnknownTaskTypeException no runner knows the task type; nothing was stored
   */
  ParallelizedTaskMessage addParallelizedTask(TaskRegistration registration);

  /** The async form of {@link #addParallelizedTask(TaskRegistration)}. */
  CompletableFuture<ParallelizedTaskMessage> addParallelizedTaskAsync(
      TaskRegistration registration);

  /**
   * Registers a message at the tail of a serial queue.
   *
   * @param queueId the serial queue
   * @param stopProgressOnError true: an exception in the task deactivates the queue, whatever its
   *     state; false: the queue's state is left as it is
   * @return the message, WAITING
   * @throws QueueNotFoundException there is no such serial queue
   * @throws UnknownTaskTypeException no runner knows the task type
   */
  SerializedTaskMessage addSerializedTask(
      String queueId, String taskClassName, Map<String, ?> parameter, boolean stopProgressOnError);

  /** The async form of {@link #addSerializedTask(String, String, Map, boolean)}. */
  CompletableFuture<SerializedTaskMessage> addSerializedTaskAsync(
      String queueId, String taskClassName, Map<String, ?> parameter, boolean stopProgressOnError);

  /**
   * Registers in a serial queue with options; {@code stopProgressOnError} comes with them.
   *
   * @throws QueueNotFoundException there is no such serial queue
   * @throws UnknownTaskTypeException no runner knows the task type
   */
  SerializedTaskMessage addSerializedTask(String queueId, TaskRegistration registration);

  /** The async form of {@link #addSerializedTask(String, TaskRegistration)}. */
  CompletableFuture<SerializedTaskMessage> addSerializedTaskAsync(
      String queueId, TaskRegistration registration);

  /**
   * Removes a waiting message of the parallel queue, as the seed documents it.
   *
   * @return true: it was removed (failures are exceptions, as in the seed)
   * @throws InvalidTaskException no message with this id is in the parallel queue: never
   *     registered, in a serial queue, or already finished
   * @throws TaskIllegalStateException the message is not waiting (e.g. running)
   */
  boolean removeParallelizedTask(String messageId);

  /** The async form of {@link #removeParallelizedTask}. */
  CompletableFuture<Boolean> removeParallelizedTaskAsync(String messageId);

  /**
   * Removes a waiting message of a serial queue, as the seed documents it.
   *
   * @return true: it was removed (failures are exceptions, as in the seed)
   * @throws InvalidTaskException no message with this id is in a serial queue: never registered, in
   *     the parallel queue, or already finished
   * @throws TaskIllegalStateException the message is not waiting (e.g. running)
   */
  boolean removeSerializedTask(String messageId);

  /** The async form of {@link #removeSerializedTask}. */
  CompletableFuture<Boolean> removeSerializedTaskAsync(String messageId);

  /** Activates (messages are selected) or deactivates the tenant's parallel queue. */
  void setParallelizedTaskQueueActive(boolean active);

  /** The async form of {@link #setParallelizedTaskQueueActive}. */
  CompletableFuture<Void> setParallelizedTaskQueueActiveAsync(boolean active);

  /**
   * Adds a serial queue.
   *
   * @param queueId 1 to 255 of {@code A-Z a-z 0-9 _ . : -}; reverse-domain names are recommended
   * @param active its initial state
   * @return true: added; false: a queue with this id exists (and was left unchanged)
   */
  boolean addSerializedTaskQueue(String queueId, boolean active);

  /** The async form of {@link #addSerializedTaskQueue}. */
  CompletableFuture<Boolean> addSerializedTaskQueueAsync(String queueId, boolean active);

  /**
   * Removes a serial queue; it must hold no message and no task in progress.
   *
   * @return true: removed; false: there is no queue with this id
   * @throws TaskQueueIllegalStateException the queue holds messages or a task in progress
   */
  boolean removeSerializedTaskQueue(String queueId);

  /** The async form of {@link #removeSerializedTaskQueue}. */
  CompletableFuture<Boolean> removeSerializedTaskQueueAsync(String queueId);

  /**
   * Activates or deactivates a serial queue.
   *
   * @throws QueueNotFoundException there is no such queue
   */
  void setSerializedTaskQueueActive(String queueId, boolean active);

  /** The async form of {@link #setSerializedTaskQueueActive}. */
  CompletableFuture<Void> setSerializedTaskQueueActiveAsync(String queueId, boolean active);

  /**
   * End notification of a running task of the parallel queue: Ordo calls its {@code release()},
   * after which it is no longer managed, even if {@code run} goes on.
   *
   * @param reentry true: the message goes back to the head of its queue (same id, times and
   *     parameter), WAITING; false: it is DISPOSED
   * @param stop true: the queue is deactivated; false: its state is left as it is
   * @return the message afterwards
   * @throws InvalidTaskException no message with this id is in the parallel queue
   * @throws TaskIllegalStateException the message is not RUNNING
   */
  ParallelizedTaskMessage releaseRunningParallelizedTask(
      String messageId, boolean reentry, boolean stop);

  /** The async form of {@link #releaseRunningParallelizedTask}. */
  CompletableFuture<ParallelizedTaskMessage> releaseRunningParallelizedTaskAsync(
      String messageId, boolean reentry, boolean stop);

  /**
   * End notification of a running task of a serial queue; as {@link
   * #releaseRunningParallelizedTask}, for a serial queue's message.
   */
  SerializedTaskMessage releaseRunningSerializedTask(
      String messageId, boolean reentry, boolean stop);

  /** The async form of {@link #releaseRunningSerializedTask}. */
  CompletableFuture<SerializedTaskMessage> releaseRunningSerializedTaskAsync(
      String messageId, boolean reentry, boolean stop);

  /**
   * Forced stop of a running task of the parallel queue (discouraged, as in the seed): the thread
   * running it is stopped wherever it is. {@code reentry}, {@code stop} and the exceptions as for
   * {@link #releaseRunningParallelizedTask}.
   */
  ParallelizedTaskMessage stopRunningParallelizedTask(
      String messageId, boolean reentry, boolean stop);

  /** The async form of {@link #stopRunningParallelizedTask}. */
  CompletableFuture<ParallelizedTaskMessage> stopRunningParallelizedTaskAsync(
      String messageId, boolean reentry, boolean stop);

  /** Forced stop of a running task of a serial queue; as {@link #stopRunningParallelizedTask}. */
  SerializedTaskMessage stopRunningSerializedTask(String messageId, boolean reentry, boolean stop);

  /** The async form of {@link #stopRunningSerializedTask}. */
  CompletableFuture<SerializedTaskMessage> stopRunningSerializedTaskAsync(
      String messageId, boolean reentry, boolean stop);

  /**
   * A snapshot of all of the tenant's queues: states, waiting messages in queue order (the first
   * {@link #LIST_LIMIT} of each queue; the counts give the totals) and tasks in progress.
   */
  RegisteredInfo getRegisteredInfo();

  /** The async form of {@link #getRegisteredInfo}. */
  CompletableFuture<RegisteredInfo> getRegisteredInfoAsync();

  /** The parallel queue alone: its state, counts, waiting and running tasks. */
  RegisteredParallelizedTaskQueueInfo getParallelizedTaskQueueInfo();

  /** The async form of {@link #getParallelizedTaskQueueInfo}. */
  CompletableFuture<RegisteredParallelizedTaskQueueInfo> getParallelizedTaskQueueInfoAsync();

  /**
   * The parallel queue with one page of its waiting list: the first {@code limit} waiting messages
   * from where {@code waitingPageToken} points (null: the head), in queue order. The counts and the
   * running tasks are always the whole queue's; {@link
   * RegisteredParallelizedTaskQueueInfo#getWaitingNextPageToken()} gives the next page's token,
   * null on the last page. Pages reach every waiting message, also those past {@link #LIST_LIMIT}.
   *
   * @param limit waiting messages per page, 0 (state and counts only) to {@link #LIST_LIMIT}
   * @throws IllegalArgumentException the limit is out of range
   * @throws io.ordo.client.http.exception.InvalidRequestException the token is not one this queue's
   *     page gave
   */
  RegisteredParallelizedTaskQueueInfo getParallelizedTaskQueueInfo(
      int limit, String waitingPageToken);

  /** The async form of {@link #getParallelizedTaskQueueInfo(int, String)}. */
  CompletableFuture<RegisteredParallelizedTaskQueueInfo> getParallelizedTaskQueueInfoAsync(
      int limit, String waitingPageToken);

  /**
   * One serial queue: its state, counts, waiting messages and task in progress.
   *
   * @throws QueueNotFoundException there is no such queue
   */
  RegisteredSerializedTaskQueueInfo getSerializedTaskQueueInfo(String queueId);

  /** The async form of {@link #getSerializedTaskQueueInfo}. */
  CompletableFuture<RegisteredSerializedTaskQueueInfo> getSerializedTaskQueueInfoAsync(
      String queueId);

  /**
   * One serial queue with one page of its waiting list, as {@link
   * #getParallelizedTaskQueueInfo(int, String)} pages the parallel queue's; {@link
   * RegisteredSerializedTaskQueueInfo#getWaitingNextPageToken()} gives the next page's token.
   *
   * @param limit waiting messages per page, 0 (state and counts only) to {@link #LIST_LIMIT}
   * @throws IllegalArgumentException the limit is out of range
   * @throws QueueNotFoundException there is no such queue
   * @throws io.ordo.client.http.exception.InvalidRequestException the token is not one this queue's
   *     page gave
   */
  RegisteredSerializedTaskQueueInfo getSerializedTaskQueueInfo(
      String queueId, int limit, String waitingPageToken);

  /** The async form of {@link #getSerializedTaskQueueInfo(String, int, String)}. */
  CompletableFuture<RegisteredSerializedTaskQueueInfo> getSerializedTaskQueueInfoAsync(
      String queueId, int limit, String waitingPageToken);

  /** Every serial queue of the tenant with its state and counts (without task lists). */
  List<RegisteredSerializedTaskQueueInfo> getSerializedTaskQueuesInfo();

  /** The async form of {@link #getSerializedTaskQueuesInfo}. */
  CompletableFuture<List<RegisteredSerializedTaskQueueInfo>> getSerializedTaskQueuesInfoAsync();

  /**
   * One message's info, also after it left its queue (DISPOSED, with its outcome) for as long as
   * its history is kept.
   *
   * @throws InvalidTaskException no message with this id
   */
  RegisteredTaskInfo getTaskInfo(String messageId);

  /** The async form of {@link #getTaskInfo}. */
  CompletableFuture<RegisteredTaskInfo> getTaskInfoAsync(String messageId);

  /**
   * A page of a message's history (SWF's events, from {@code TaskScheduled} on).
   *
   * @param query the order, page size and page token ({@link HistoryQuery#firstPage()} to start)
   * @throws InvalidTaskException no message with this id
   */
  HistoryPage getTaskHistory(String messageId, HistoryQuery query);

  /** The async form of {@link #getTaskHistory}. */
  CompletableFuture<HistoryPage> getTaskHistoryAsync(String messageId, HistoryQuery query);

  /**
   * Follows a message's history live (the API's {@code /tasks/{messageId}/history/stream}): {@code
   * listener} gets each event after {@code afterEventId} (0: from {@code TaskScheduled} on) once,
   * in order, then each new one as it is written, on one of the client's threads, one at a time. A
   * dropped connection is opened again after the last event received, with the client's back-off
   * and up to its retries in a row. Returns at once; the follow's {@link HistoryFollow#done()}
   * completes once the history is closed (the message ended) and its last event was handed on, or
   * with the problem that ended it ({@link InvalidTaskException}: no message with this id).
   *
   * @throws IllegalArgumentException no message id or listener, or a negative {@code afterEventId}
   */
  HistoryFollow followTaskHistory(
      String messageId, long afterEventId, Consumer<HistoryEvent> listener);

  /** The task types the farm's runners know, with their aliases and default timeouts. */
  List<TaskType> getTaskTypes();

  /** The async form of {@link #getTaskTypes}. */
  CompletableFuture<List<TaskType>> getTaskTypesAsync();

  /**
   * A page of the tenant's tasks, live and finished (for as long as their history is kept), newest
   * received first: {@code list(TaskQuery.all().status("FAILED").between(anHourAgo, null))}; the
   * next page with {@code list(query.next(page))}.
   */
  TaskPage list(TaskQuery query);

  /** The async form of {@link #list}. */
  CompletableFuture<TaskPage> listAsync(TaskQuery query);

  /**
   * Re-runs a finished task as a new message with its task, parameter and queue; the histories link
   * the two ({@code rerunOf}, {@code TaskRerun}). Sent with an idempotency key when the client
   * retries, so a retry after a lost answer re-runs once.
   *
   * @return the new message's info
   * @throws io.ordo.client.http.exception.TaskNotFinishedException the task still waits or runs
   * @throws InvalidTaskException no message with this id (or its history was purged)
   */
  RegisteredTaskInfo rerun(String messageId);

  /** The async form of {@link #rerun}. */
  CompletableFuture<RegisteredTaskInfo> rerunAsync(String messageId);
}
