package io.ordo.samples;

import io.ordo.task.AbstractTask;
import io.ordo.task.TaskType;

/** Throws {@link SampleFailure} with the parameter's {@code message}. */
@TaskType(aliases = "Fail")
public class FailTask extends AbstractTask {
  @Override
  public void run() {
    Object message = Samples.parameter(this).get("message");
    throw new SampleFailure(
        message == null ? "the Fail task failed, as asked" : message.toString());
  }
}
