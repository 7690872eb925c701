package io.ordo.runner.tasktype;

import io.ordo.task.AbstractTask;

/** Breaks a rule: no public no-arg constructor. */
public class NoDefaultConstructorTask extends AbstractTask {
  public NoDefaultConstructorTask(String name) {}

  @Override
  public void run() {}
}
