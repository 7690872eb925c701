package io.ordo.queue.store;

import io.ordo.model.QueueKind;
import java.time.Instant;
import java.util.Set;
import java.util.UUID;

/**
 * What a task list asks for; every field is optional (null: no condition).
 *
 * @param statuses the list statuses to include ({@link TaskStatus}); null or empty: all
 * @param queue the queue kind
 * @param queueId a serial queue's id
 * @param taskClassName the task type's class name
 * @param jsPath a JavaScript task's script
 * @param executionId the state-machine execution that scheduled the tasks
 * @param since tasks received or ended at or after this time
 * @param until tasks received or ended before this time
 */
public record TaskFilter(
    Set<TaskStatus> statuses,
    QueueKind queue,
    String queueId,
    String taskClassName,
    String jsPath,
    UUID executionId,
    Instant since,
    Instant until) {

  boolean wants(TaskStatus status) {
    return statuses == null || statuses.isEmpty() || statuses.contains(status);
  }
}
