package io.ordo.deploy.tasks;

import io.ordo.task.AbstractTask;
import io.ordo.task.TaskCancelledException;
import io.ordo.task.TaskContext;
import io.ordo.task.TaskType;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Heartbeats every {@code intervalMillis} (default 50) until Ordo tells it to stop; records how it
 * ended per {@code key}: "cancelled" (a heartbeat threw), "released" (release() came) or "done".
 */
@TaskType(aliases = "HeartbeatProbe", startToClose = "3600")
public class HeartbeatProbeTask extends AbstractTask {
  public static final Map<String, String> ENDINGS = new ConcurrentHashMap<>();

  /** The keys whose task's release() was called. */
  public static final Set<String> RELEASED = ConcurrentHashMap.newKeySet();

  private volatile boolean released;

  @Override
  public void release() {
    released = true;
    RELEASED.add(String.valueOf(getParameter().get("key")));
  }

  @Override
  public void run() {
    String key = String.valueOf(getParameter().get("key"));
    long interval = getParameter().get("intervalMillis") instanceof Number n ? n.longValue() : 50;
    long beats = getParameter().get("beats") instanceof Number n ? n.longValue() : Long.MAX_VALUE;
    try {
      for (long beat = 1; beat <= beats; beat++) {
        Thread.sleep(interval);
        TaskContext.current().heartbeat(Map.of("beat", beat));
      }
      ENDINGS.put(key, released ? "released" : "done");
    } catch (TaskCancelledException e) {
      ENDINGS.put(key, "cancelled");
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      ENDINGS.put(key, "interrupted");
    }
  }
}
