package io.ordo.deploy.farm;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.ordo.deploy.Api;
import io.ordo.deploy.Tasks;
import io.vertx.core.json.JsonObject;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * Two queue services, one of them paused (SIGSTOP: a JVM that takes requests and answers none, as
 * on a hung host, until Hazelcast drops it a minute later). The event bus sends each runner's
 * requests to the queue services in turn, so half of its report batches go to the paused one. Each
 * batch must reach the other within the lease: a start that does not is a message claimed and not
 * started within a lease, which goes back to its queue as rejected and runs again. Every task of
 * the test therefore runs once: one claim, one start, one completion.
 */
@Tag("farm")
class FarmPausedQueueServiceIT {
  private static final String TOKEN = "farm-token";
  private static final int TASKS = 4;

  @Test
  void aPausedQueueService_costsNoTaskARun_theOtherOneTakesTheRunnersReports() throws Exception {
    Map<String, String> env =
        Map.of(
            "ORDO_DEV_TOKEN", TOKEN,
            "ORDO_LOCK_LEASE", "6",
            "ORDO_LOCK_RENEWAL_PERIOD", "1",
            "ORDO_ROUND_INTERVAL", "1");
    try (Farm farm = Farm.start(1, env)) {
      int second = farm.startQueueService(2);
      try (Api api = new Api(second, TOKEN)) {
        Tasks tasks = new Tasks(api);
        farm.pause("queue", 1);
        List<String> ids = new ArrayList<>();
        // one after the other, so that each task's reports are a batch of their own
        for (int i = 0; i < TASKS; i++) {
          String id = tasks.parallel("Echo", new JsonObject().put("i", i));
          ids.add(id);
          api.await(
              "/tasks/" + id,
              r -> r.status() == 200 && "DISPOSED".equals(r.json().getString("state")),
              Duration.ofMinutes(3));
        }
        for (String id : ids) {
          assertEquals(
              List.of("TaskScheduled", "TaskAccepted", "TaskStarted", "TaskCompleted"),
              tasks.eventTypes(id),
              () -> id + " ran more than once:\n" + farm.logs());
        }
      }
    }
  }
}
