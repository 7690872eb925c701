package io.ordo.runner;

import io.ordo.bus.Addresses;
import io.ordo.bus.RunnerControl;
import io.ordo.runner.execution.TaskExecution;
import io.vertx.core.eventbus.EventBus;
import io.vertx.core.eventbus.MessageConsumer;
import io.vertx.core.json.JsonObject;
import java.util.function.BiFunction;

/**
 * Release, forced-stop and lost notices from the queue service for the tasks a runner holds under
 * its current lock owner (the queue service addresses the owner that holds a message, so a new
 * lease needs a new listener). Confined to the runner's event loop.
 */
final class ControlListener {
  private final EventBus eventBus;
  // the execution of a message under a hold (message id, lock version), or null
  private final BiFunction<String, Long, TaskExecution> executions;
  private MessageConsumer<JsonObject> consumer;

  ControlListener(EventBus eventBus, BiFunction<String, Long, TaskExecution> executions) {
    this.eventBus = eventBus;
    this.executions = executions;
  }

  /** Listens as {@code ownerId} from now on (and no longer as the previous owner). */
  void listen(String ownerId) {
    if (consumer != null) {
      consumer.unregister();
    }
    consumer =
        eventBus.consumer(
            Addresses.runnerControl(ownerId),
            message -> {
              RunnerControl request = RunnerControl.fromJson(message.body());
              TaskExecution execution = executions.apply(request.messageId(), request.version());
              if (request.action() == RunnerControl.Action.LOST) {
                // A timeout took the task away: it is told to stop; nothing to answer.
                if (execution != null) {
                  execution.lost(request.reason() == null ? "timeout" : request.reason());
                }
                return;
              }
              if (execution == null) {
                message.fail(404, "this runner does not run that task");
                return;
              }
              execution
                  .release(
                      request.action() == RunnerControl.Action.STOP,
                      request.reentry(),
                      request.stop(),
                      request.identity(),
                      request.requestedAt())
                  .onSuccess(applied -> message.reply(new JsonObject().put("applied", applied)))
                  .onFailure(error -> message.fail(409, error.getMessage()));
            });
  }
}
