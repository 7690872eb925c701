package io.ordo.runner.tasktype;

import io.ordo.task.AbstractTask;

/** Breaks a rule: a synchronized method. */
public class SynchronizedTask extends AbstractTask {
  @Override
  public synchronized void run() {}
}
