package io.ordo.deploy.tasks;

import io.ordo.task.AbstractTask;
import io.ordo.task.Retry;
import io.ordo.task.TaskContext;
import io.ordo.task.TaskType;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * Fails its first {@code failTimes} attempts (throwing {@code IllegalArgumentException} if {@code
 * illegalArgument} is set, else {@code IllegalStateException}), hangs (until released) in its first
 * {@code hangTimes} attempts, then succeeds. Records every run as {@code key#attempt}, in order.
 * Its type declares a default retry policy: 3 attempts, 10 s apart.
 */
@TaskType(aliases = "Flaky")
@Retry(maximumAttempts = 3, initialIntervalSeconds = 10, backoffCoefficient = 1)
public class FlakyTask extends AbstractTask {
  /** Every run, as {@code key#attempt}, in the order they started. */
  public static final List<String> RUNS = new CopyOnWriteArrayList<>();

  private volatile boolean released;

  @Override
  public void release() {
    released = true;
  }

  @Override
  public void run() {
    Map<String, ?> parameter = getParameter();
    int attempt = TaskContext.current().attempt();
    RUNS.add(parameter.get("key") + "#" + attempt);
    if (attempt <= number(parameter.get("hangTimes"))) {
      while (!released) {
        try {
          Thread.sleep(20);
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
          return;
        }
      }
      return;
    }
    if (attempt <= number(parameter.get("failTimes"))) {
      if (Boolean.TRUE.equals(parameter.get("illegalArgument"))) {
        throw new IllegalArgumentException("attempt " + attempt + " refused");
      }
      throw new IllegalStateException("attempt " + attempt + " failed");
    }
  }

  /** The runs of one key, as attempt numbers. */
  public static List<Integer> attempts(String key) {
    return RUNS.stream()
        .filter(run -> run.startsWith(key + "#"))
        .map(run -> Integer.parseInt(run.substring(run.indexOf('#') + 1)))
        .toList();
  }

  private static int number(Object value) {
    return value instanceof Number n ? n.intValue() : 0;
  }
}
