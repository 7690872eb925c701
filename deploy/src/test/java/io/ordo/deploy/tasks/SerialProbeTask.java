package io.ordo.deploy.tasks;

import io.ordo.task.AbstractTask;
import io.ordo.task.TaskType;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Watches, per the parameter's {@code key}, how many of its runs overlap and in which order their
 * {@code value}s ran: the runners of the nodes a test starts in its own JVM share these maps, so an
 * overlap is seen as it happens, on no clock. Optional {@code millis} sleeps inside the run.
 */
@TaskType(aliases = "SerialProbe")
public class SerialProbeTask extends AbstractTask {
  private static final Map<String, AtomicInteger> RUNNING = new ConcurrentHashMap<>();

  /** Per key, how many runs began while another run of that key was running. */
  public static final Map<String, AtomicInteger> OVERLAPS = new ConcurrentHashMap<>();

  /** Per key, the values in the order their runs began. */
  public static final Map<String, List<Object>> ORDER = new ConcurrentHashMap<>();

  public static void reset() {
    RUNNING.clear();
    OVERLAPS.clear();
    ORDER.clear();
  }

  @Override
  public void run() {
    Map<String, ?> parameter = getParameter();
    String key = String.valueOf(parameter.get("key"));
    AtomicInteger running = RUNNING.computeIfAbsent(key, k -> new AtomicInteger());
    if (running.incrementAndGet() > 1) {
      OVERLAPS.computeIfAbsent(key, k -> new AtomicInteger()).incrementAndGet();
    }
    try {
      ORDER.computeIfAbsent(key, k -> new CopyOnWriteArrayList<>()).add(parameter.get("value"));
      Thread.sleep(((Number) parameter.get("millis")).longValue());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    } finally {
      running.decrementAndGet();
    }
  }
}
