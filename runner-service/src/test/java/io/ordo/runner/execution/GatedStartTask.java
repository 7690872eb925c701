package io.ordo.runner.execution;

import io.ordo.task.AbstractTask;
import io.ordo.task.TaskEvent;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * A task whose {@code taskStarted} can be held at a gate, and which records every method called on
 * it, for {@link TaskExecutionTest}.
 */
public class GatedStartTask extends AbstractTask {
  static final List<String> CALLS = new CopyOnWriteArrayList<>();
  static volatile CountDownLatch startEntered = new CountDownLatch(0);
  static volatile CountDownLatch startGate = new CountDownLatch(0);

  static void reset(boolean gateStart) {
    CALLS.clear();
    startEntered = new CountDownLatch(1);
    startGate = new CountDownLatch(gateStart ? 1 : 0);
  }

  @Override
  public void taskAccepted(TaskEvent event) {
    CALLS.add("taskAccepted");
  }

  @Override
  public void taskStarted(TaskEvent event) {
    CALLS.add("taskStarted");
    startEntered.countDown();
    try {
      if (!startGate.await(10, TimeUnit.SECONDS)) {
        throw new IllegalStateException("the test never opened the gate");
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  @Override
  public void run() {
    CALLS.add("run");
  }

  @Override
  public void release() {
    CALLS.add("release");
  }

  @Override
  public void taskCompleted(TaskEvent event) {
    CALLS.add("taskCompleted");
  }
}
