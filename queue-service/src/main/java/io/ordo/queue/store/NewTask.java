package io.ordo.queue.store;

import io.ordo.model.QueueKind;
import io.vertx.core.json.JsonObject;
import java.time.Instant;

/**
 * A message about to be inserted into {@code im_async_task_info}, its position and received time
 * already reserved under its queue's lock.
 */
public record NewTask(
    String tenant,
    String messageId,
    QueueKind kind,
    String queueId,
    long position,
    String taskClassName,
    String jsPath,
    JsonObject parameter,
    boolean stopProgressOnError,
    JsonObject timeouts,
    Instant sentAt,
    Instant receivedAt,
    Instant scheduleToStartDeadline,
    Instant scheduleToCloseDeadline,
    String executionId) {}
