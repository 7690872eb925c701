package io.ordo.deploy.tasks;

import io.ordo.task.AbstractTask;
import io.ordo.task.TaskType;
import java.util.concurrent.atomic.AtomicInteger;

/** Counts how many of its runs overlap, to check a runner's max-threads. */
@TaskType(aliases = "Concurrency")
public class ConcurrencyTask extends AbstractTask {
  public static final AtomicInteger RUNNING = new AtomicInteger();
  public static final AtomicInteger MAX = new AtomicInteger();
  public static final AtomicInteger DONE = new AtomicInteger();

  public static void reset() {
    RUNNING.set(0);
    MAX.set(0);
    DONE.set(0);
  }

  @Override
  public void run() {
    int now = RUNNING.incrementAndGet();
    MAX.accumulateAndGet(now, Math::max);
    try {
      Thread.sleep(((Number) getParameter().get("millis")).longValue());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    } finally {
      RUNNING.decrementAndGet();
      DONE.incrementAndGet();
    }
  }
}
