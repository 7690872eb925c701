package io.ordo.task;

import java.util.Map;

/**
 * A {@link Task} whose callbacks do nothing: extend it and implement {@link #run}. Keeps the
 * parameter for {@link #getParameter}.
 */
public abstract class AbstractTask implements Task {
  private volatile Map<String, ?> parameter;

  @Override
  public void release() {}

  @Override
  public void setParameter(Map<String, ?> parameter) {
    this.parameter = parameter;
  }

  /** The registered parameter (numbers as {@link Number}, lists, maps); null if none. */
  public Map<String, ?> getParameter() {
    return parameter;
  }

  @Override
  public void taskAccepted(TaskEvent event) {}

  @Override
  public void taskStarted(TaskEvent event) {}

  @Override
  public void taskCompleted(TaskEvent event) {}

  @Override
  public void taskRejected(TaskEvent event) {}
}
