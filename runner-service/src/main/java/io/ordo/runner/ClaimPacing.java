package io.ordo.runner;

import io.ordo.bus.ClaimedTask;
import io.ordo.model.QueueKind;
import io.vertx.core.Vertx;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Set;

/**
 * Paces a runner's claims while its serial tasks are short. A serial head is claimed only into a
 * free thread, so a claim sent the moment the last one was answered takes heads only for the
 * threads that answer did not fill: with tasks shorter than a claim's round trip, claims alternate
 * between k heads and maxThreads − k, half the threads on average. While the serial heads of the
 * last answer run and the runner's tasks are short (the recent average hold of its slots is below
 * the claims' recent round trip), the next claim waits until those heads have ended, at most twice
 * the average hold: it then takes heads for every thread at once. An answer with a parallel message
 * in it (there is parallel work: the next claim fills the prefetch room as before), or with no
 * serial head, or while tasks are not known to be short, is not followed by a wait. Confined to the
 * runner's event loop.
 */
final class ClaimPacing {
  private static final double WEIGHT = 0.2;
  private static final long NANOS_PER_MILLI = 1_000_000L;

  private final Vertx vertx;
  private final Runnable resume;
  // the serial heads of the last answer still running, while the next claim waits for them
  private final Set<ClaimedTask> running = Collections.newSetFromMap(new IdentityHashMap<>());
  private double roundTripNanos = -1;
  private long timer = -1;

  /**
   * @param resume claims again when the wait took its longest
   */
  ClaimPacing(Vertx vertx, Runnable resume) {
    this.vertx = vertx;
    this.resume = resume;
  }

  /**
   * A claim was answered {@code roundTripNanos} after it was sent with {@code tasks}, before they
   * are taken in (so that none of them can have ended yet); {@code averageHoldNanos} is the recent
   * average hold of a slot, negative while none is known.
   */
  void answered(List<ClaimedTask> tasks, long roundTripNanos, double averageHoldNanos) {
    this.roundTripNanos =
        this.roundTripNanos < 0
            ? roundTripNanos
            : this.roundTripNanos + WEIGHT * (roundTripNanos - this.roundTripNanos);
    if (averageHoldNanos < 0
        || averageHoldNanos >= this.roundTripNanos
        || tasks.stream().anyMatch(task -> task.kind() == QueueKind.PARALLEL)) {
      return;
    }
    for (ClaimedTask task : tasks) {
      if (task.kind() == QueueKind.SERIAL) {
        running.add(task);
      }
    }
    if (!running.isEmpty() && timer < 0) {
      long waitMillis = Math.max(1, (long) Math.ceil(2 * averageHoldNanos / NANOS_PER_MILLI));
      timer = vertx.setTimer(waitMillis, id -> over());
    }
  }

  /** Whether the next claim waits (for the serial heads of the last answer to end). */
  boolean waiting() {
    return !running.isEmpty();
  }

  /**
   * A claimed message's execution is over on this runner; the wait ends with the last of the heads
   * it waits for (the caller claims next, after its own bookkeeping).
   */
  void ended(ClaimedTask task) {
    if (running.remove(task) && running.isEmpty()) {
      vertx.cancelTimer(timer);
      timer = -1;
    }
  }

  /** The wait took its longest: the heads still running are not waited for any more. */
  private void over() {
    running.clear();
    timer = -1;
    resume.run();
  }
}
