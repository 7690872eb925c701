package io.ordo.queue.store;

import io.ordo.model.QueueKind;

/**
 * A queue as stored in {@code im_async_queue_info}.
 *
 * @param tenant the owning tenant
 * @param kind parallel or serial
 * @param queueId the serial queue's id; empty for the parallel queue
 * @param active whether messages may be selected from it
 * @param stoppedByMessageId the message whose outcome deactivated it, if that is why it is inactive
 */
public record QueueRow(
    String tenant, QueueKind kind, String queueId, boolean active, String stoppedByMessageId) {}
