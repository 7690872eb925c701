package io.ordo.queue.statemachine;

import io.ordo.InvalidTaskException;
import io.ordo.TaskIllegalStateException;
import io.ordo.model.Caller;
import io.ordo.model.Role;
import io.ordo.queue.management.TaskAdministration;
import io.ordo.queue.management.TaskControl;
import io.ordo.queue.store.ExecutionKey;
import io.vertx.core.Future;
import io.vertx.core.Promise;
import io.vertx.core.Vertx;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Stops the task messages of aborted runs: waiting ones are removed, running ones released (their
 * runner calls {@code release()}), both recorded in the task's own history. Waiting ones go first,
 * so that a released task frees no slot for a sibling about to be removed. A task between states
 * (selected but not yet running) is tried again a few times; the decider's poll tries once more
 * later, until the task's end reaches the execution's inbox.
 */
final class TaskStopper {
  private static final Logger LOG = LoggerFactory.getLogger(TaskStopper.class);
  static final int ATTEMPTS = 10;
  static final Duration PAUSE = Duration.ofMillis(200);

  private final Vertx vertx;
  private final TaskAdministration tasks;
  private final TaskControl control;
  private final Set<String> inFlight = ConcurrentHashMap.newKeySet();

  TaskStopper(Vertx vertx, TaskAdministration tasks, TaskControl control) {
    this.vertx = vertx;
    this.tasks = tasks;
    this.control = control;
  }

  /** Stops the messages (those already being stopped here are left alone). */
  Future<Void> stop(ExecutionKey key, Collection<String> messageIds) {
    List<String> ids = new ArrayList<>();
    for (String id : messageIds) {
      if (inFlight.add(id)) {
        ids.add(id);
      }
    }
    if (ids.isEmpty()) {
      return Future.succeededFuture();
    }
    Caller caller = new Caller(key.tenant(), Role.ADMIN, "execution:" + key.executionId());
    return attempt(caller, ids, 1)
        .onFailure(e -> LOG.warn("Stopping tasks of execution {} failed: {}", key, e.toString()))
        .eventually(
            () -> {
              ids.forEach(inFlight::remove);
              return Future.succeededFuture();
            });
  }

  /** Removes every waiting one, releases the running ones; answers those in neither state. */
  private Future<Void> attempt(Caller caller, List<String> ids, int attempt) {
    List<Future<String>> removals = ids.stream().map(id -> remove(caller, id)).toList();
    return Future.join(removals)
        .transform(
            removed -> {
              List<Future<String>> releases = new ArrayList<>();
              for (Future<String> removal : removals) {
                if (removal.result() != null) {
                  releases.add(release(caller, removal.result()));
                }
              }
              return Future.join(releases)
                  .transform(
                      released -> {
                        List<String> again = new ArrayList<>();
                        releases.forEach(
                            r -> {
                              if (r.result() != null) {
                                again.add(r.result());
                              }
                            });
                        if (again.isEmpty() || attempt >= ATTEMPTS) {
                          return Future.succeededFuture();
                        }
                        return pause().compose(v -> attempt(caller, again, attempt + 1));
                      });
            });
  }

  /** Answers null once removed or gone, or the id if the message is not waiting. */
  private Future<String> remove(Caller caller, String id) {
    return tasks.remove(caller, id, null).map((String) null).recover(error -> outcome(error, id));
  }

  /** Answers null once released or gone, or the id if the message is not running. */
  private Future<String> release(Caller caller, String id) {
    return control
        .end(caller, id, null, false, false, false)
        .map((String) null)
        .recover(error -> outcome(error, id));
  }

  private static Future<String> outcome(Throwable error, String id) {
    if (error instanceof InvalidTaskException) {
      return Future.succeededFuture(null); // it ended already; its outcome is in the inbox
    }
    if (error instanceof TaskIllegalStateException) {
      return Future.succeededFuture(id);
    }
    LOG.warn("Could not stop task {}: {}", id, error.toString());
    return Future.succeededFuture(null);
  }

  private Future<Void> pause() {
    Promise<Void> paused = Promise.promise();
    vertx.setTimer(PAUSE.toMillis(), id -> paused.complete());
    return paused.future();
  }
}
