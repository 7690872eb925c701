package io.ordo.queue.maintenance;

import io.ordo.queue.lifecycle.Transition;
import io.vertx.core.Future;
import java.time.Instant;

/** One of the maintenance round's sweeps: its work at {@code now}, as a transition to announce. */
@FunctionalInterface
public interface Sweep {
  Future<Transition> sweep(Instant now);
}
