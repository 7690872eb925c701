package io.ordo.queue.statemachine;

import io.ordo.model.Timeouts;
import io.vertx.core.json.JsonObject;

/**
 * A Task state's message to register in the tenant's parallel queue, in the transaction that saves
 * the decision to run it.
 *
 * @param messageId the id the message gets (the run waits for its outcome under this id)
 * @param taskClassName the task type's class name; null for a script
 * @param jsPath the script of a JavaScript task; null for a Java task
 * @param parameter the state's effective input as the task's parameter
 * @param timeouts the task type's defaults with the state's TimeoutSeconds and HeartbeatSeconds
 * @param stateName the Task state, recorded in the message's registration context
 */
record TaskRequest(
    String messageId,
    String taskClassName,
    String jsPath,
    JsonObject parameter,
    Timeouts timeouts,
    String stateName) {}
