package io.ordo.deploy.runner;

import io.ordo.deploy.NodeTest;
import io.ordo.deploy.TestNode;
import io.vertx.core.json.JsonObject;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Runners hear of new work over the event bus (SPEC 3.4): with a round-interval of a minute, a
 * registration, an activation and the end of a serial predecessor each start the next task within
 * seconds, long before the next poll.
 */
class WorkNotificationTest extends NodeTest {
  private static final Duration WELL_BEFORE_THE_POLL = Duration.ofSeconds(10);

  @Override
  protected Map<String, String> environment() {
    return TestNode.environment("ORDO_ROUND_INTERVAL", "60");
  }

  @Test
  void aRegistration_startsTheTask_withoutWaitingForThePoll() {
    awaitDisposed(tasks.parallel("Echo", new JsonObject()));
  }

  @Test
  void anActivation_startsTheWaitingTasks_withoutWaitingForThePoll() {
    api.put("/parallel-queue/active", new JsonObject().put("active", false));
    String waiting = tasks.parallel("Echo", new JsonObject());
    api.put("/parallel-queue/active", new JsonObject().put("active", true));
    awaitDisposed(waiting);

    tasks.addSerialQueue("com.example.notify", false);
    String serial = tasks.serial("com.example.notify", "Echo", new JsonObject(), false);
    api.put("/serial-queues/com.example.notify/active", new JsonObject().put("active", true));
    awaitDisposed(serial);
  }

  @Test
  void theEndOfASerialTask_startsTheNextOne_withoutWaitingForThePoll() {
    tasks.addSerialQueue("com.example.chain", true);
    String first =
        tasks.serial("com.example.chain", "Sleep", new JsonObject().put("millis", 300), false);
    String second = tasks.serial("com.example.chain", "Echo", new JsonObject(), false);
    String third = tasks.serial("com.example.chain", "Echo", new JsonObject(), false);
    awaitDisposed(first);
    awaitDisposed(second);
    awaitDisposed(third);
  }

  private void awaitDisposed(String messageId) {
    api.await(
        "/tasks/" + messageId,
        r -> "DISPOSED".equals(r.json().getString("state")),
        WELL_BEFORE_THE_POLL);
  }
}
