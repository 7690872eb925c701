package io.ordo.samples;

import io.ordo.task.AbstractTask;
import io.ordo.task.TaskContext;
import io.ordo.task.TaskType;
import java.util.Map;

/**
 * Sleeps {@code millis}; returns early when released unless {@code ignoreRelease} (to try forced
 * stop). Result: how long it slept.
 */
@TaskType(aliases = "Sleep")
public class SleepTask extends AbstractTask {
  private volatile boolean released;

  @Override
  public void release() {
    released = true;
  }

  @Override
  public void run() {
    Map<String, ?> parameter = Samples.parameter(this);
    long millis = Samples.number(parameter, "millis", 1000).longValue();
    boolean ignoreRelease = Boolean.TRUE.equals(parameter.get("ignoreRelease"));
    long start = System.nanoTime();
    long end = start + millis * 1_000_000;
    while (System.nanoTime() < end && (ignoreRelease || !released)) {
      try {
        Thread.sleep(Math.max(1, Math.min(20, (end - System.nanoTime()) / 1_000_000)));
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        break;
      }
    }
    TaskContext.current().setResult((System.nanoTime() - start) / 1_000_000);
  }
}
