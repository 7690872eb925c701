package io.ordo.deploy.later;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.ordo.deploy.NodeTest;
import io.ordo.deploy.TestNode;
import io.ordo.deploy.tasks.FlakyTask;
import io.vertx.core.json.JsonObject;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * A delayed message, or a retry after its back-off, starts when its time comes: the queue service
 * wakes the runners then. The runners' poll here is five minutes apart, longer than every wait of
 * these tests, so only the wake-up can start the messages.
 */
class WakeUpTest extends NodeTest {
  @Override
  protected Map<String, String> environment() {
    return TestNode.environment("ORDO_ROUND_INTERVAL", "300");
  }

  @Override
  protected void reset() {
    FlakyTask.RUNS.clear();
  }

  @Test
  void aDelayedMessage_startsWhenItsTimeComes_notAPollLater() {
    String id =
        created(
            api.post(
                "/parallel-queue/tasks",
                new JsonObject().put("taskClassName", "Echo").put("delaySeconds", 2)));

    JsonObject done = tasks.await(id, "DISPOSED");
    assertEquals("COMPLETED", done.getJsonObject("outcome").getString("type"));
    assertEquals(
        List.of("TaskScheduled", "TaskAccepted", "TaskStarted", "TaskCompleted"),
        tasks.eventTypes(id));
  }

  @Test
  void aRetry_startsWhenItsBackOffEnds_notAPollLater() {
    String id =
        created(
            api.post(
                "/parallel-queue/tasks",
                new JsonObject()
                    .put("taskClassName", "Flaky")
                    .put("parameter", new JsonObject().put("key", "k").put("failTimes", 1))
                    .put(
                        "retry",
                        new JsonObject()
                            .put("maximumAttempts", 2)
                            .put("initialIntervalSeconds", 1))));

    JsonObject done = tasks.await(id, "DISPOSED");
    assertEquals("COMPLETED", done.getJsonObject("outcome").getString("type"));
    assertEquals(List.of("k#1", "k#2"), FlakyTask.RUNS);
  }

  private static String created(io.ordo.deploy.Api.Reply reply) {
    assertEquals(201, reply.status(), reply.body().toString());
    return reply.json().getString("messageId");
  }
}
