package io.ordo.queue.lifecycle;

import io.ordo.bus.Addresses;
import io.ordo.bus.RunnerControl;
import io.vertx.core.eventbus.EventBus;

/**
 * Tells a runner that it no longer holds a message (a timeout took it, it was removed while the
 * runner had it READY), once the transition that took it committed: the runner releases the task if
 * it runs it and never starts it if not; its later reports find no hold anyway.
 */
public final class LostHolds {
  private final EventBus eventBus;

  public LostHolds(EventBus eventBus) {
    this.eventBus = eventBus;
  }

  /**
   * After {@code transition} commits, tells {@code ownerId} (if any) that its hold on the message
   * at lock version {@code version} is gone, and why.
   */
  public void tellAfterCommit(
      Transition transition, String ownerId, String messageId, long version, String reason) {
    if (ownerId == null) {
      return;
    }
    transition.afterCommit(
        () ->
            eventBus.send(
                Addresses.runnerControl(ownerId),
                RunnerControl.lost(messageId, version, reason).toJson()));
  }
}
