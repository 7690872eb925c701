package io.ordo.runner.tasktype;

import io.ordo.task.Task;
import io.ordo.tasktype.TaskTypeInfo;
import java.lang.reflect.InvocationTargetException;

/** A known task type: its class (already checked against the rules) and what the farm sees. */
public record RegisteredType(Class<? extends Task> type, TaskTypeInfo info) implements TaskFactory {

  /** A new instance for one run, through the public no-arg constructor. */
  @Override
  public Task instantiate() throws ReflectiveOperationException {
    try {
      return type.getConstructor().newInstance();
    } catch (InvocationTargetException e) {
      Throwable cause = e.getCause();
      throw new ReflectiveOperationException(
          "the constructor of " + type.getName() + " threw " + cause, cause);
    }
  }
}
