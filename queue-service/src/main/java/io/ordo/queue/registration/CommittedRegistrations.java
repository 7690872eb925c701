package io.ordo.queue.registration;

import io.ordo.model.TaskInfo;
import io.ordo.queue.lifecycle.QueueMetrics;
import io.ordo.queue.lifecycle.WorkNotifier;
import java.util.Objects;

/**
 * What follows a registration batch's commit, in this order: the runners are told of the new work
 * first, then each request is answered. Telling them first lets a runner's claim start while the
 * answers are written to their sockets; the other way round, an idle node's claim waited for every
 * answer of the batch (a millisecond of the idle registration → start on this project's machine).
 * Answering a repeated idempotency key is the caller's (it looks the first message up).
 */
final class CommittedRegistrations {
  private final WorkNotifier notifier;
  private final QueueMetrics metrics;

  CommittedRegistrations(WorkNotifier notifier, QueueMetrics metrics) {
    this.notifier = notifier;
    this.metrics = metrics;
  }

  void announceThenAnswer(RegistrationWriter.Outcome outcome) {
    if (outcome.activeQueuesFed) {
      notifier.workAvailable("registered");
    }
    // a delayed message: the runners hear of it when its time comes, not a poll later
    outcome.created.values().stream()
        .map(TaskInfo::notBefore)
        .filter(Objects::nonNull)
        .forEach(notifier::workDueAt);
    outcome.created.forEach((pending, info) -> pending.promise().tryComplete(info));
    outcome.refused.forEach((pending, error) -> pending.promise().tryFail(error));
    outcome.created.keySet().forEach(p -> metrics.registered(p.item().tenant(), p.item().kind()));
  }
}
