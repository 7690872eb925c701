package io.ordo.runner.execution;

import io.ordo.bus.TaskReport;
import io.vertx.core.Future;
import java.time.Clock;

/** What a {@link TaskExecution} needs from its runner. */
public interface ExecutionHost {
  /** Sends a report; completes with true if the queue service applied it. */
  Future<Boolean> report(TaskReport report);

  /** The execution left INITIAL..RUNNING: its slot is free. Called once per execution. */
  void freed(TaskExecution execution);

  /** Whether the runner is shutting down (new tasks are rejected). */
  boolean shuttingDown();

  /** Runs blocking work (a task's release()) off the run thread and off the event loop. */
  void runAside(Runnable work);

  /** Calls {@code work} after {@code delayMillis} on a timer. */
  void later(long delayMillis, Runnable work);

  String node();

  Clock clock();
}
