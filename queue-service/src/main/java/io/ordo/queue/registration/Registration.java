package io.ordo.queue.registration;

import io.ordo.model.Delay;
import io.ordo.model.QueueKind;
import io.ordo.model.RetryPolicy;
import io.ordo.model.Timeouts;
import io.ordo.queue.store.ContextRow;
import io.vertx.core.json.JsonObject;
import java.time.Instant;

/**
 * A validated request to register one task message.
 *
 * @param tenant the tenant the message belongs to
 * @param kind the queue kind
 * @param queueId the serial queue's id; empty for the parallel queue
 * @param taskClassName the task type's canonical class name (aliases already resolved), or null
 * @param jsPath the script of a JavaScript task, or null
 * @param parameter the parameter object, or null
 * @param stopProgressOnError serial only: a failure deactivates the queue
 * @param timeouts the effective timeouts (type defaults overridden by the message's own)
 * @param sentTime when the client called the API
 * @param context the registration context
 * @param idempotencyKey the caller's idempotency key, or null
 * @param executionId the state-machine execution scheduling it, or null
 * @param delay when it may run first (null: as soon as it can)
 * @param retry how a failed run is retried (null: a failure ends it)
 * @param rerunOf the finished message this one re-runs, or null
 */
public record Registration(
    String tenant,
    QueueKind kind,
    String queueId,
    String taskClassName,
    String jsPath,
    JsonObject parameter,
    boolean stopProgressOnError,
    Timeouts timeouts,
    Instant sentTime,
    ContextRow context,
    String idempotencyKey,
    String executionId,
    Delay delay,
    RetryPolicy retry,
    String rerunOf) {}
