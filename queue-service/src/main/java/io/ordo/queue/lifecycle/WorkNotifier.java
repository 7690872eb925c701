package io.ordo.queue.lifecycle;

import io.ordo.bus.Addresses;
import io.vertx.core.eventbus.EventBus;
import io.vertx.core.json.JsonObject;

/**
 * Tells runners that messages may have become runnable (registration into an active queue,
 * activation, a task ending). Runners claim on it; their poll is only the safety net.
 */
public final class WorkNotifier {
  private final EventBus eventBus;

  public WorkNotifier(EventBus eventBus) {
    this.eventBus = eventBus;
  }

  public void workAvailable(String reason) {
    eventBus.publish(Addresses.WORK_AVAILABLE, new JsonObject().put("reason", reason));
  }
}
