package io.ordo.deploy.runner;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.ordo.deploy.NodeTest;
import io.ordo.deploy.TestNode;
import io.ordo.deploy.tasks.GateTask;
import io.vertx.core.json.JsonObject;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/**
 * A runner claims as one of its slots frees (README, The lifecycle): with one thread and a
 * round-interval of a minute, a serial head registered while the thread was busy (a serial head is
 * claimed only into a free thread) starts as soon as the thread frees, long before the next poll,
 * though the end of the parallel task that held the thread is not announced.
 */
class FreedSlotClaimTest extends NodeTest {
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

    GateTask.OPEN.add(gate);
    tasks.await(head, "DISPOSED"); // within Tasks.WAIT (20 s), well before the poll a minute away
  }
}
