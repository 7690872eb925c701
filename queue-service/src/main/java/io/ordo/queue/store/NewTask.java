package io.ordo.queue.store;

import io.ordo.model.QueueKind;
import io.vertx.core.json.JsonObject;
import java.time.Instant;

/**
 * A message about to be inserted into {@code im_async_task_info}, its received time and, in a
 * serial queue, its position already reserved under its queue's lock (a parallel queue's message
 * takes its position from a sequence as it is inserted: null here), its not-before time (null:
 * none) and its retry policy's JSON (null: none).
 */
public record NewTask(
    String tenant,
    String messageId,
    QueueKind kind,
    String queueId,
    Long position,
    String taskClassName,
    String jsPath,
    JsonObject parameter,
    boolean stopProgressOnError,
    JsonObject timeouts,
    Instant sentAt,
    Instant receivedAt,
    Instant scheduleToStartDeadline,
    Instant scheduleToCloseDeadline,
    String executionId,
    Instant notBefore,
    JsonObject retry) {}
