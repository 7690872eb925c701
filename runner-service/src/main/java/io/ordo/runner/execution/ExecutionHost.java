package io.ordo.runner.execution;

import io.ordo.bus.TaskReport;
import io.vertx.core.Future;
import java.time.Clock;

/** What a {@link TaskExecution} needs from its runner. */
public interface ExecutionHost {
  /** Sends a report; completes with true if the queue service applied it. */
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
   * The accept step is over and the start report is on its way: the task's thread is free for
   * another task's step. The task stays in its lifecycle on this runner.
   */
  void startPending(TaskExecution execution);

  /**
   * The start is recorded: {@link TaskExecution#runStep} runs on the next free task thread, before
   * any claimed message gets one (at once if the execution was freed meanwhile: it then returns at
   * once, the task being released).
   */
  void startRecorded(TaskExecution execution);

  /** Runs blocking work (a task's release()) off the run thread and off the event loop. */
  void runAside(Runnable work);

  /** Calls {@code work} after {@code delayMillis} on a timer. */
  void later(long delayMillis, Runnable work);

  String node();

  Clock clock();
}
