package io.ordo.samples;

import io.ordo.task.AbstractTask;
import io.ordo.task.TaskContext;
import io.ordo.task.TaskType;
import java.util.Map;

/**
 * Appends {@code {key, value}} to the table {@code ordo_sample_record}, which tests read to check
 * the order tasks ran in. Optional {@code millis} sleeps after recording (to make runs overlap if
 * anything let them).
 */
@TaskType(aliases = "Record")
public class RecordTask extends AbstractTask {
  @Override
  public void run() {
    Map<String, ?> parameter = Samples.parameter(this);
    Object key = parameter.get("key");
    TaskContext context = TaskContext.current();
    SampleDatabase.record(
        context.tenant(),
        context.messageId(),
        key == null ? "" : key.toString(),
        parameter.get("value"));
    long millis = Samples.number(parameter, "millis", 0).longValue();
    if (millis > 0) {
      try {
        Thread.sleep(millis);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    }
    context.setResult(parameter.get("value"));
  }
}
