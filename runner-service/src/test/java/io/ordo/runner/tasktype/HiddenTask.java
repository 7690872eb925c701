package io.ordo.runner.tasktype;

import io.ordo.task.AbstractTask;

/** Breaks a rule: not public. */
class HiddenTask extends AbstractTask {
  @Override
  public void run() {}
}
