package io.ordo.queue.statemachine;

import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.core.WorkerExecutor;
import java.util.concurrent.Callable;

/**
 * Runs the interpreter's steps on worker threads of their own, never on an event loop. A step may
 * do up to {@code state-machines.max-step-work} units of work (about a second of a core) and build
 * up to {@code state-machines.max-step-bytes} of data; on the queue service's event loop it would
 * hold every request, registration and claim of the node for as long. The threads are as many as
 * the cores, so executions stepping at once cannot take more than the machine; a step waits for a
 * free one. What a step computes comes back on the caller's context, where it is saved.
 */
final class StepThreads {
  /** The worker pool's name (its threads are named after it). */
  static final String NAME = "ordo-state-machine-steps";

  private final WorkerExecutor workers;

  StepThreads(Vertx vertx) {
    this.workers =
        vertx.createSharedWorkerExecutor(NAME, Runtime.getRuntime().availableProcessors());
  }

  /**
   * @param step the interpreter's work, from building it to its decision; it must touch nothing
   *     another step or the event loop changes
   */
  <T> Future<T> run(Callable<T> step) {
    return workers.executeBlocking(step, false);
  }
}
