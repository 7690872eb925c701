package io.ordo.deploy.tasks;

import io.ordo.task.AbstractTask;
import io.ordo.task.TaskContext;
import io.ordo.task.TaskType;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Runs until the test opens its gate ({@code key}) or Ordo releases it, so a test decides when a
 * branch finishes. Result: {@code {key, runs}}; records how each run ended per key ("opened",
 * "released") and how often the key ran.
 */
@TaskType(aliases = "Gate")
public class GateTask extends AbstractTask {
  public static final Set<String> OPEN = ConcurrentHashMap.newKeySet();
  public static final Map<String, String> ENDINGS = new ConcurrentHashMap<>();
  public static final Map<String, AtomicInteger> RUNS = new ConcurrentHashMap<>();
  private volatile boolean released;

  public static void reset() {
    OPEN.clear();
    ENDINGS.clear();
    RUNS.clear();
  }

  public static int runs(String key) {
    AtomicInteger runs = RUNS.get(key);
    return runs == null ? 0 : runs.get();
  }

  @Override
  public void release() {
    released = true;
  }

  @Override
  public void run() {
    String key = String.valueOf(getParameter().get("key"));
    int run = RUNS.computeIfAbsent(key, k -> new AtomicInteger()).incrementAndGet();
    while (!released && !OPEN.contains(key)) {
      try {
        Thread.sleep(5);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        ENDINGS.put(key, "interrupted");
        return;
      }
    }
    ENDINGS.put(key, released ? "released" : "opened");
    TaskContext.current().setResult(Map.of("key", key, "runs", run));
  }
}
