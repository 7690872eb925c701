package io.ordo.deploy.runner;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.ordo.deploy.NodeTest;
import io.ordo.deploy.TestNode;
import io.ordo.deploy.tasks.GateTask;
import io.vertx.core.json.JsonObject;
import java.time.Duration;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/**
 * A runner claims as one of its slots frees only while work may wait for that room (README, The
 * lifecycle): with one thread and a round-interval of a minute, a serial head left for lack of a
 * free thread starts as soon as the thread frees, long before the next poll; and a parallel task
 * whose claim took all there was ends without a claim after it (no empty claim per task).
 */
class FreedSlotClaimTest extends NodeTest {
  private static final Duration WELL_BEFORE_THE_POLL = Duration.ofSeconds(10);

  @Override
  protected Map<String, String> environment() {
    Map<String, String> env = TestNode.environment("ORDO_MAX_THREADS", "1");
    env.put("ORDO_ROUND_INTERVAL", "60");
    return env;
  }

  @Test
  void aSerialHeadLeftForLackOfAThread_startsAsTheThreadFrees() {
    String gate = UUID.randomUUID().toString();
    String blocker = tasks.parallel("Gate", new JsonObject().put("key", gate));
    tasks.await(blocker, "RUNNING");
    tasks.addSerialQueue("com.example.freed", true);
    // announced while the one thread is busy: the claim cannot take a serial head then
    String head = tasks.serial("com.example.freed", "Echo", new JsonObject(), false);
    assertEquals("WAITING", api.get("/tasks/" + head).json().getString("state"));

    // a parallel task's end is not announced: only the freed slot's claim can start the head
    GateTask.OPEN.add(gate);
    api.await(
        "/tasks/" + head,
        r -> "DISPOSED".equals(r.json().getString("state")),
        WELL_BEFORE_THE_POLL);
  }

  @Test
  void parallelTasksOneAtATime_endWithoutAnEmptyClaimAfterEach() {
    int count = 10;
    double before = emptyClaims();
    for (int i = 0; i < count; i++) {
      tasks.await(tasks.parallel("Echo", new JsonObject()), "DISPOSED");
    }
    double empty = emptyClaims() - before;
    // each registration's claim took its task and nothing was left: the ends claimed nothing
    assertTrue(empty <= 2, empty + " empty claims for " + count + " tasks");
  }

  private double emptyClaims() {
    return api.as(null)
        .get("/metrics")
        .body()
        .toString()
        .lines()
        .filter(line -> line.startsWith("ordo_runner_claims_total{"))
        .filter(line -> line.contains("outcome=\"empty\""))
        .mapToDouble(line -> Double.parseDouble(line.substring(line.lastIndexOf(' ') + 1)))
        .sum();
  }
}
