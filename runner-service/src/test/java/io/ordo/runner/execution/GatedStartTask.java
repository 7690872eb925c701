package io.ordo.runner.execution;

import io.ordo.task.AbstractTask;
import io.ordo.task.TaskEvent;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * A task whose {@code taskStarted} and {@code run} can each be held at a gate, and which records
 * every method called on it, for {@link TaskExecutionTest}.
 */
public class GatedStartTask extends AbstractTask {
  static final List<String> CALLS = new CopyOnWriteArrayList<>();
  static volatile CountDownLatch startEntered = new CountDownLatch(0);
  static volatile CountDownLatch startGate = new CountDownLatch(0);
  static volatile CountDownLatch runEntered = new CountDownLatch(0);
  static volatile CountDownLatch runGate = new CountDownLatch(0);

  static void reset(boolean gateStart) {
    reset(gateStart, false);
  }

  static void reset(boolean gateStart, boolean gateRun) {
    CALLS.clear();
    startEntered = new CountDownLatch(1);
    startGate = new CountDownLatch(gateStart ? 1 : 0);
    runEntered = new CountDownLatch(1);
    runGate = new CountDownLatch(gateRun ? 1 : 0);
  }

  private static void pass(CountDownLatch gate) {
    try {
      if (!gate.await(10, TimeUnit.SECONDS)) {
        throw new IllegalStateException("the test never opened the gate");
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  @Override
  public void taskAccepted(TaskEvent event) {
    CALLS.add("taskAccepted");
  }

  @Override
  public void taskStarted(TaskEvent event) {
    CALLS.add("taskStarted");
    startEntered.countDown();
    pass(startGate);
  }

  @Override
  public void run() {
    CALLS.add("run");
    runEntered.countDown();
    pass(runGate);
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
