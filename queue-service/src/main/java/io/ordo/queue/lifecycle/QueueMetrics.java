package io.ordo.queue.lifecycle;

import io.ordo.model.QueueKind;
import java.time.Duration;

/** The queue service's domain metrics; {@link #NOOP} where nobody scrapes. */
public interface QueueMetrics {
  QueueMetrics NOOP = new QueueMetrics() {};

  default void registered(String tenant, QueueKind kind) {}

  default void removed(String tenant, QueueKind kind) {}

  /** A lifecycle transition was applied: accepted, started, completed, failed, rejected, … */
  default void transition(String tenant, QueueKind kind, String transition) {}

  /**
   * A message ended: {@code completed}, {@code failed} or {@code timed_out}, by task type (bounded:
   * only types the runners published, and scripts of the scripts directory, are accepted).
   */
  default void ended(QueueKind kind, String taskType, String outcome) {}

  /** A task started after waiting this long since it was received. */
  default void waited(QueueKind kind, Duration wait) {}

  /** A task's run ended (completed or failed) after this long. */
  default void ran(QueueKind kind, Duration run) {}

  /** A runner's claim took this many messages. */
  default void claimed(int batchSize) {}
}
