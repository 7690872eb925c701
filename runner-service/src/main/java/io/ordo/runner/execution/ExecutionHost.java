package io.ordo.runner.execution;

import io.ordo.bus.ClaimedTask;
import io.ordo.bus.TaskReport;
import io.vertx.core.Future;
import java.time.Clock;

/** What a {@link TaskExecution} needs from its runner. */
public interface ExecutionHost {
  /**
   * Sends a report; completes with true if the queue service applied it. Reports are applied in the
   * order they were sent (a task's outcome relies on it to follow its start).
   */
  Future<Boolean> report(TaskReport report);

  /**
   * The execution is over on this runner (its outcome may still be on its way): its slot, or its
   * place among the claimed messages waiting for a slot, is free. Called once per execution.
   */
  void freed(TaskExecution execution);

  /**
   * An outcome reported after the task's slot was freed has been answered: what it freed (a serial
   * queue's next head) is now runnable.
   */
  void outcomeSettled(TaskExecution execution);

  /** Whether the runner is shutting down (new tasks are rejected). */
  boolean shuttingDown();

  /**
   * Whether the runner surely still holds what it claimed as {@code claimed}: the lock owner that
   * claimed it is the runner's current lease, and that lease is surely live on the database for a
   * margin more.
   */
  boolean holds(ClaimedTask claimed);

  /** Runs blocking work (a task's release()) off the run thread and off the event loop. */
  void runAside(Runnable work);

  /** Calls {@code work} after {@code delayMillis} on a timer. */
  void later(long delayMillis, Runnable work);

  String node();

  /** The largest serialized result or heartbeat details a task may set, in UTF-8 bytes. */
  int maxResultBytes();

  Clock clock();
}
