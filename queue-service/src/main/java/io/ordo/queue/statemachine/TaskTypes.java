package io.ordo.queue.statemachine;

import io.ordo.tasktype.TaskTypeInfo;

/** The task types the decider may schedule, looked up by the name a Resource gives. */
@FunctionalInterface
interface TaskTypes {

  /**
   * @param name a task type's class name or alias, e.g. {@code Add}
   * @return the type, or null if no runner knows it
   */
  TaskTypeInfo find(String name);
}
