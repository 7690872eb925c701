package io.ordo.queue.statemachine;

import io.ordo.bus.Addresses;
import io.ordo.queue.lifecycle.WorkNotifier;
import io.ordo.queue.registration.TaskScheduler.Scheduled;
import io.ordo.queue.store.ExecutionKey;
import io.vertx.core.eventbus.EventBus;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.time.Instant;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * What follows a saved advance: runners hear of new task messages, live tails of the execution's
 * history hear of its new events, its next timer is armed, and the tasks of aborted runs are
 * stopped.
 */
class AfterCommit {
  private static final Logger LOG = LoggerFactory.getLogger(AfterCommit.class);

  private final EventBus eventBus;
  private final WorkNotifier notifier;
  private final TaskStopper stopper;
  private final ExecutionTimers timers;

  AfterCommit(
      EventBus eventBus, WorkNotifier notifier, TaskStopper stopper, ExecutionTimers timers) {
    this.eventBus = eventBus;
    this.notifier = notifier;
    this.stopper = stopper;
    this.timers = timers;
  }

  /**
   * @param wakeAt the execution's next timer as saved (null: none)
   */
  void advanced(ExecutionRow after, Decision decision, Scheduled scheduled, Instant wakeAt) {
    try {
      announce(after, decision, scheduled, wakeAt);
    } catch (RuntimeException e) {
      // the advance is saved: whoever asked for it hears so; what was not announced is found by
      // the sweeps (a timer by the decider's poll, a task by the runners' claims)
      LOG.error(
          "Announcing the advance of execution {}/{} failed",
          after.tenant(),
          after.executionId(),
          e);
    }
  }

  private void announce(
      ExecutionRow after, Decision decision, Scheduled scheduled, Instant wakeAt) {
    if (scheduled.activeQueuesFed()) {
      notifier.workAvailable("execution advanced");
    }
    if (!decision.events().events().isEmpty()) {
      eventBus.publish(
          Addresses.HISTORY_APPENDED,
          new JsonObject()
              .put(
                  "appended",
                  new JsonArray()
                      .add(
                          new JsonObject()
                              .put("tenant", after.tenant())
                              .put("executionId", after.executionId())
                              .put("lastEventId", after.lastEventId()))));
    }
    ExecutionKey key = new ExecutionKey(after.tenant(), after.executionId());
    timers.wakeAt(key, wakeAt);
    stopper.stop(key, decision.state().stopping());
  }
}
