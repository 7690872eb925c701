package io.ordo.samples;

import io.ordo.task.AbstractTask;
import io.ordo.task.TaskContext;
import io.ordo.task.TaskType;

/** On a 2-number array input ({@code {"input": [a, b]}}): result a - b. */
@TaskType(aliases = "Subtract")
public class SubtractTask extends AbstractTask {
  @Override
  public void run() {
    double[] pair = Samples.pair(Samples.parameter(this));
    TaskContext.current().setResult(Samples.number(pair[0] - pair[1]));
  }
}
