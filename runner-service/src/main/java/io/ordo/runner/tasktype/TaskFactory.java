package io.ordo.runner.tasktype;

import io.ordo.task.Task;

/** Makes the instance of one run: a Java task class's, or a script's adapter. */
public interface TaskFactory {
  /**
   * A new instance for one run.
   *
   * @throws ReflectiveOperationException a task class cannot be instantiated
   * @throws RuntimeException a script cannot be loaded (its message says why)
   */
  Task instantiate() throws ReflectiveOperationException;
}
