package io.ordo.runner.tasktype;

import io.ordo.task.AbstractTask;
import io.ordo.task.TaskType;

/** Takes an alias GoodTask already has. */
@TaskType(aliases = "Good")
public class ClashingAliasTask extends AbstractTask {
  @Override
  public void run() {}
}
