package io.ordo.runner.execution;

/**
 * A task that can be ended where it runs, without {@code Thread.stop}: a script, whose engine
 * checks an abort switch every few thousand instructions. A forced stop or a timeout ends it this
 * way; it has no {@code release()} of its own (SPEC 9.4).
 */
public interface Abortable {
  /** Ends the task's code at its next check (any thread). */
  void abort(String reason);
}
