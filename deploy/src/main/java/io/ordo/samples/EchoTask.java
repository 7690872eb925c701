package io.ordo.samples;

import io.ordo.task.AbstractTask;
import io.ordo.task.TaskContext;
import io.ordo.task.TaskType;

/** Result: the parameter, unchanged. */
@TaskType(aliases = "Echo")
public class EchoTask extends AbstractTask {
  @Override
  public void run() {
    TaskContext.current().setResult(getParameter());
  }
}
