package io.ordo.queue.lifecycle;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.ordo.model.TaskInfo;
import io.vertx.core.json.JsonObject;
import java.time.Instant;
import org.junit.jupiter.api.Test;

/**
 * What a transition announces to the runners once it commits: work that another runner could claim
 * now, and nothing else (each announcement makes every runner of a farm claim).
 */
class TransitionTest {
  private static final Instant NOW = Instant.parse("2026-12-01T01:00:00Z");

  @Test
  void theEndOfASerialMessage_isAnnounced_itsQueuesNextHeadMayRun() {
    Transition transition = new Transition();
    transition.dispose("t", info("serial", "com.example.q"), NOW, 4, new JsonObject());
    assertTrue(transition.hasFreedWork());
  }

  @Test
  void theEndOfAParallelMessage_isNotAnnounced_itFreesNothingAnotherRunnerCouldClaim() {
    Transition transition = new Transition();
    transition.dispose("t", info("parallel", null), NOW, 4, new JsonObject());
    assertFalse(transition.hasFreedWork());
  }

  @Test
  void aMessageBackInItsQueue_isAnnounced() {
    Transition transition = new Transition();
    transition.dispose("t", info("parallel", null), NOW, 4, new JsonObject());
    transition.freedWork();
    assertTrue(transition.hasFreedWork());
  }

  private static TaskInfo info(String queue, String queueId) {
    return TaskInfo.fromJson(
        new JsonObject()
            .put("messageId", "m-1")
            .put("queue", queue)
            .put("queueId", queueId)
            .put("state", "RUNNING")
            .put("taskClassName", "io.ordo.samples.EchoTask")
            .put("parameter", new JsonObject())
            .put("receivedTime", NOW.toString()));
  }
}
