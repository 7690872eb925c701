package io.ordo.queue.registration;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.ordo.batch.Batcher.Pending;
import io.ordo.model.QueueKind;
import io.ordo.model.TaskInfo;
import io.ordo.model.Timeouts;
import io.ordo.queue.lifecycle.QueueMetrics;
import io.ordo.queue.lifecycle.WorkNotifier;
import io.vertx.core.Promise;
import io.vertx.core.Vertx;
import io.vertx.core.json.JsonObject;
import io.vertx.junit5.VertxExtension;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * After a registration batch commits, the runners are told of the new work before any request of
 * the batch is answered: an idle runner's claim then starts while the answers are written.
 */
@ExtendWith(VertxExtension.class)
class CommittedRegistrationsTest {
  private final SimpleMeterRegistry meters = new SimpleMeterRegistry();

  @Test
  void theRunnersAreTold_beforeAnyRequestIsAnswered(Vertx vertx) {
    WorkNotifier notifier = new WorkNotifier(vertx, Clock.systemUTC(), meters);
    RegistrationWriter.Outcome outcome = new RegistrationWriter.Outcome();
    outcome.activeQueuesFed = true;
    List<Double> announcedWhenAnswered = new ArrayList<>();
    for (int i = 0; i < 2; i++) {
      Pending<Registration, TaskInfo> pending = new Pending<>(registration(), Promise.promise());
      pending.promise().future().onSuccess(info -> announcedWhenAnswered.add(announced()));
      outcome.created.put(pending, waiting("m-" + i));
    }
    Pending<Registration, TaskInfo> refused = new Pending<>(registration(), Promise.promise());
    refused.promise().future().onFailure(error -> announcedWhenAnswered.add(announced()));
    outcome.refused.put(refused, new IllegalStateException("refused"));

    new CommittedRegistrations(notifier, QueueMetrics.NOOP).announceThenAnswer(outcome);

    assertEquals(List.of(1.0, 1.0, 1.0), announcedWhenAnswered);
  }

  private double announced() {
    Counter counter = meters.find("ordo.work.announcements").tag("reason", "registered").counter();
    return counter == null ? 0 : counter.count();
  }

  private static Registration registration() {
    return new Registration(
        "t",
        QueueKind.PARALLEL,
        null,
        "io.ordo.samples.EchoTask",
        null,
        new JsonObject(),
        false,
        Timeouts.NONE_AT_ALL,
        Instant.now(),
        null,
        null,
        null,
        null,
        null,
        null);
  }

  private static TaskInfo waiting(String messageId) {
    return TaskInfo.fromJson(
        new JsonObject()
            .put("messageId", messageId)
            .put("queue", "parallel")
            .put("state", "WAITING")
            .put("taskClassName", "io.ordo.samples.EchoTask")
            .put("parameter", new JsonObject()));
  }
}
