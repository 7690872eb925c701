package io.ordo.task;

import java.util.Map;

/**
 * A unit of business logic Ordo runs (SPEC 9.1, the seed's {@code Task}). Ordo creates one instance
 * per run with the public no-arg constructor and calls, in this order: {@link #setParameter},
 * {@link #taskAccepted}, {@link #taskStarted}, {@link #run}, {@link #taskCompleted} (or {@link
 * #taskRejected} if the runner cannot accept it). {@link #release} may come from another thread
 * while {@code run} executes. No two methods of one instance run at the same time, except {@code
 * run} and {@code release}; methods may be called from different threads.
 *
 * <p>A task class must be public, top-level, not abstract, have a public no-arg constructor and no
 * {@code synchronized} methods. Extend {@link AbstractTask} to implement only {@code run}.
 */
public interface Task extends Runnable {

  /**
   * End notification: Ordo asks the task to finish {@code run} soon. Called from another thread
   * than {@code run}; after it the task is no longer managed by Ordo even if {@code run} goes on.
   */
  void release();

  /** The parameter registered with the message; null if none. Called before anything else. */
  void setParameter(Map<String, ?> parameter);

  /** The runner accepted the task (state READY). May throw; Ordo logs it and goes on. */
  void taskAccepted(TaskEvent event);

  /** The task is starting (state RUNNING); {@code run} follows. May throw; Ordo logs it. */
  void taskStarted(TaskEvent event);

  /** {@code run} ended; the event carries its exception, if it threw. May throw; Ordo logs it. */
  void taskCompleted(TaskEvent event);

  /** The runner could not accept the task; the message goes back to the head of its queue. */
  void taskRejected(TaskEvent event);
}
