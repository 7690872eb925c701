package io.ordo.queue.schedule;

import java.util.UUID;

/**
 * A run a fire started: a task message or a state-machine execution.
 *
 * @param id the message id or the execution id
 * @param kind {@link #TASK} or {@link #EXECUTION}
 * @param fedActiveQueue whether a task message landed in an active queue (runners should be told)
 */
record Run(UUID id, String kind, boolean fedActiveQueue) {
  static final String TASK = "task";
  static final String EXECUTION = "execution";

  boolean isExecution() {
    return EXECUTION.equals(kind);
  }
}
