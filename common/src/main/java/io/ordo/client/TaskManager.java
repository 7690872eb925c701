package io.ordo.client;

import io.ordo.InvalidTaskException;
import io.ordo.TaskControlException;
import io.ordo.TaskIllegalStateException;
import io.ordo.TaskQueueIllegalStateException;
import io.ordo.client.report.RegisteredInfo;
import io.ordo.model.TaskInfo;
import io.vertx.core.Future;
import java.util.Map;

/**
 * Submits and manages task messages (the seed's {@code TaskManager}, SPEC 9.2), for one tenant,
 * over the event bus inside the cluster ({@link EventBusTaskManager}). Applications outside the
 * cluster use the ordo-client artifact ({@code io.ordo.client.http.OrdoClient}) over HTTP.
 *
 * <p>Every operation has two forms. The blocking form keeps the seed's name and signature and
 * throws the seed's exceptions, all unchecked: {@link TaskControlException} (the base, with an
 * {@link io.ordo.ErrorCode}), {@link InvalidTaskException}, {@link TaskIllegalStateException},
 * {@link TaskQueueIllegalStateException}, {@link io.ordo.InstanceLockedException}; an invalid
 * parameter throws {@link IllegalArgumentException}. It must not be called on a Vert.x event-loop
 * thread (it throws {@link IllegalStateException} there, before sending anything); in a worker
 * verticle, whose answers arrive on the very thread that would wait, it could only time out. Use
 * the {@code Async} form in Vert.x code. A blocking call that gets no answer in time throws a
 * {@link TaskControlException} with code {@code unavailable}: the operation may or may not have
 * happened (register with an idempotency key to retry safely).
 *
 * <p>The {@code Async} form returns a {@link Future} that fails with the same exceptions; it never
 * throws itself. Parameters are checked before anything is sent.
 */
public interface TaskManager {
  /** The most tasks of each list in {@link #getRegisteredInfo()}: the API's maximum. */
  int REGISTERED_INFO_LIST_LIMIT = 1000;

  /**
   * Registers a message at the tail of the tenant's parallel queue. Answers once the message is
   * stored, without waiting for it to run.
   *
   * @param taskClassName a task type's class name or alias (unknown: {@code unknown_task_type})
   * @param parameter null or a map of the seed's parameter types
   * @throws IllegalArgumentException the parameter breaks the type rules (null key, unsupported
   *     type, reference cycle, nested too deep)
   */
  ParallelizedTaskMessage addParallelizedTask(String taskClassName, Map<String, ?> parameter);

  Future<ParallelizedTaskMessage> addParallelizedTaskAsync(
      String taskClassName, Map<String, ?> parameter);

  /** Registers in the parallel queue with options (sent time, timeouts, idempotency, context). */
  ParallelizedTaskMessage addParallelizedTask(TaskRegistration registration);

  Future<ParallelizedTaskMessage> addParallelizedTaskAsync(TaskRegistration registration);

  /**
   * Registers a message at the tail of a serial queue.
   *
   * @param queueId the serial queue (unknown: {@code queue_not_found})
   * @param stopProgressOnError true: an exception in the task deactivates the queue, whatever its
   *     state; false: the queue's state is left as it is
   * @throws IllegalArgumentException the parameter breaks the type rules
   */
  SerializedTaskMessage addSerializedTask(
      String queueId, String taskClassName, Map<String, ?> parameter, boolean stopProgressOnError);

  Future<SerializedTaskMessage> addSerializedTaskAsync(
      String queueId, String taskClassName, Map<String, ?> parameter, boolean stopProgressOnError);

  /** Registers in a serial queue with options; {@code stopProgressOnError} comes with them. */
  SerializedTaskMessage addSerializedTask(String queueId, TaskRegistration registration);

  Future<SerializedTaskMessage> addSerializedTaskAsync(
      String queueId, TaskRegistration registration);

  /**
   * Removes a waiting message of the parallel queue.
   *
   * @return true: it was removed
   * @throws InvalidTaskException no message with this id is in the parallel queue
   * @throws TaskIllegalStateException the message is not waiting (e.g. running)
   */
  boolean removeParallelizedTask(String messageId);

  Future<Boolean> removeParallelizedTaskAsync(String messageId);

  /**
   * Removes a waiting message of a serial queue.
   *
   * @return true: it was removed
   * @throws InvalidTaskException no message with this id is in a serial queue
   * @throws TaskIllegalStateException the message is not waiting (e.g. running)
   */
  boolean removeSerializedTask(String messageId);

  Future<Boolean> removeSerializedTaskAsync(String messageId);

  /** Activates (messages are selected) or deactivates the tenant's parallel queue. */
  void setParallelizedTaskQueueActive(boolean active);

  Future<Void> setParallelizedTaskQueueActiveAsync(boolean active);

  /**
   * Adds a serial queue.
   *
   * @param queueId 1 to 255 of {@code A-Z a-z 0-9 _ . : -}; reverse-domain names are recommended
   * @param active its initial state
   * @return true: added; false: a queue with this id exists (and was left unchanged)
   */
  boolean addSerializedTaskQueue(String queueId, boolean active);

  Future<Boolean> addSerializedTaskQueueAsync(String queueId, boolean active);

  /**
   * Removes a serial queue; it must hold no message and no task in progress.
   *
   * @return true: removed; false: there is no queue with this id
   * @throws TaskQueueIllegalStateException the queue holds messages or a task in progress
   */
  boolean removeSerializedTaskQueue(String queueId);

  Future<Boolean> removeSerializedTaskQueueAsync(String queueId);

  /**
   * Activates or deactivates a serial queue.
   *
   * @throws TaskControlException {@code queue_not_found} if there is no such queue
   */
  void setSerializedTaskQueueActive(String queueId, boolean active);

  Future<Void> setSerializedTaskQueueActiveAsync(String queueId, boolean active);

  /**
   * End notification of a running task of the parallel queue: Ordo calls its {@code release()},
   * after which it is no longer managed, even if {@code run} goes on.
   *
   * @param reentry true: the message goes back to the head of its queue (same id, times and
   *     parameter) and is WAITING; false: it is DISPOSED
   * @param stop true: the queue is deactivated; false: its state is left as it is
   * @return the message afterwards
   * @throws InvalidTaskException no message with this id is in the parallel queue
   * @throws TaskIllegalStateException the message is not RUNNING
   */
  ParallelizedTaskMessage releaseRunningParallelizedTask(
      String messageId, boolean reentry, boolean stop);

  Future<ParallelizedTaskMessage> releaseRunningParallelizedTaskAsync(
      String messageId, boolean reentry, boolean stop);

  /** End notification of a running task of a serial queue; as the parallel form. */
  SerializedTaskMessage releaseRunningSerializedTask(
      String messageId, boolean reentry, boolean stop);

  Future<SerializedTaskMessage> releaseRunningSerializedTaskAsync(
      String messageId, boolean reentry, boolean stop);

  /**
   * Forced stop of a running task of the parallel queue (discouraged, as in the seed): the thread
   * running it is stopped wherever it is. {@code reentry} and {@code stop} as for release.
   */
  ParallelizedTaskMessage stopRunningParallelizedTask(
      String messageId, boolean reentry, boolean stop);

  Future<ParallelizedTaskMessage> stopRunningParallelizedTaskAsync(
      String messageId, boolean reentry, boolean stop);

  /** Forced stop of a running task of a serial queue; as the parallel form. */
  SerializedTaskMessage stopRunningSerializedTask(String messageId, boolean reentry, boolean stop);

  Future<SerializedTaskMessage> stopRunningSerializedTaskAsync(
      String messageId, boolean reentry, boolean stop);

  /**
   * A snapshot of the tenant's queues: states, waiting messages in queue order (the first {@link
   * #REGISTERED_INFO_LIST_LIMIT} of each queue; the counts give the totals) and tasks in progress.
   */
  RegisteredInfo getRegisteredInfo();

  Future<RegisteredInfo> getRegisteredInfoAsync();

  /**
   * One message's info, also after it left its queue (state DISPOSED, with its outcome) for as long
   * as its history is kept.
   *
   * @throws InvalidTaskException no message with this id
   */
  TaskInfo getTaskInfo(String messageId);

  Future<TaskInfo> getTaskInfoAsync(String messageId);
}
