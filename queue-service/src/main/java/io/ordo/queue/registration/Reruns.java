package io.ordo.queue.registration;

import io.ordo.ErrorCode;
import io.ordo.TaskControlException;
import io.ordo.model.QueueKind;
import io.ordo.model.TaskInfo;
import io.ordo.model.TaskState;
import io.ordo.queue.store.QueueStore;
import io.vertx.core.json.JsonObject;

/**
 * What re-running a finished message registers: a request with its task, parameter, queue,
 * timeouts, retry policy and {@code stopProgressOnError}, validated like any registration.
 */
final class Reruns {
  private Reruns() {}

  /** Refuses a message that has not finished (409 task_not_finished). */
  static TaskInfo finished(TaskInfo old) {
    if (old.state() != TaskState.DISPOSED) {
      throw new TaskControlException(
          ErrorCode.TASK_NOT_FINISHED,
          "task message "
              + old.messageId()
              + " is "
              + old.state()
              + ": only a finished message can be re-run",
          new JsonObject().put("messageId", old.messageId()).put("state", old.state().name()));
    }
    return old;
  }

  /** The registration body that repeats {@code old}'s request. */
  static JsonObject body(TaskInfo old) {
    JsonObject body =
        new JsonObject()
            .put("parameter", old.parameter())
            .put("timeouts", old.timeouts())
            .put("stopProgressOnError", Boolean.TRUE.equals(old.stopProgressOnError()));
    if (old.taskClassName() != null) {
      body.put("taskClassName", old.taskClassName());
    } else {
      body.put("jsPath", old.jsPath());
    }
    if (old.retry() != null) {
      body.put("retry", old.retry());
    }
    return body;
  }

  /** The queue id a registration into {@code old}'s queue takes. */
  static String queueId(TaskInfo old) {
    return old.queue() == QueueKind.SERIAL ? old.queueId() : QueueStore.PARALLEL_QUEUE_ID;
  }

  /** {@code registration}, marked as re-running {@code oldMessageId}. */
  static Registration of(Registration r, String oldMessageId) {
    return new Registration(
        r.tenant(),
        r.kind(),
        r.queueId(),
        r.taskClassName(),
        r.jsPath(),
        r.parameter(),
        r.stopProgressOnError(),
        r.timeouts(),
        r.sentTime(),
        r.context(),
        r.idempotencyKey(),
        null,
        r.delay(),
        r.retry(),
        oldMessageId);
  }
}
