package io.ordo.samples;

import io.ordo.task.AbstractTask;
import io.ordo.task.TaskContext;
import io.ordo.task.TaskType;
import java.util.Map;

/** Heartbeats {@code beats} times, {@code intervalMillis} apart. Result: the beats sent. */
@TaskType(aliases = "Heartbeat")
public class HeartbeatTask extends AbstractTask {
  @Override
  public void run() {
    Map<String, ?> parameter = Samples.parameter(this);
    int beats = Samples.number(parameter, "beats", 3).intValue();
    long interval = Samples.number(parameter, "intervalMillis", 100).longValue();
    int sent = 0;
    for (int beat = 1; beat <= beats; beat++) {
      try {
        Thread.sleep(interval);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        break;
      }
      TaskContext.current().heartbeat(Map.of("beat", beat));
      sent = beat;
    }
    TaskContext.current().setResult(sent);
  }
}
