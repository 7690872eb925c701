package io.ordo.runner.tasktype;

import io.ordo.task.AbstractTask;
import io.ordo.task.TaskType;

/** A task class that keeps every rule. */
@TaskType(
    aliases = {"Good", "Fine"},
    startToClose = "60")
public class GoodTask extends AbstractTask {
  @Override
  public void run() {}
}
