package io.ordo.deploy.runner;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.ordo.deploy.NodeTest;
import io.ordo.deploy.TestNode;
import io.ordo.deploy.tasks.GateTask;
import io.vertx.core.json.JsonObject;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/**
 * Selection across queues (SPEC 3.4): among the heads of the active parallel queue and of idle
 * active serial queues, the oldest received time wins. With one thread, tasks registered across the
 * parallel queue and two serial queues while the runner is busy start in received order.
 */
class SelectionOrderTest extends NodeTest {

  @Override
  protected Map<String, String> environment() {
    return TestNode.environment("ORDO_MAX_THREADS", "1");
  }

  @Test
  void acrossQueues_theOldestReceivedHeadStartsFirst() {
    tasks.addSerialQueue("com.example.a", true);
    tasks.addSerialQueue("com.example.b", true);
    // the runner's one thread is busy until every message below is registered
    String gate = UUID.randomUUID().toString();
    String blocker = tasks.parallel("Gate", new JsonObject().put("key", gate));
    tasks.await(blocker, "RUNNING");

    List<String> registered = new ArrayList<>();
    for (int round = 0; round < 4; round++) {
      registered.add(tasks.serial("com.example.b", "Echo", new JsonObject(), false));
      registered.add(tasks.parallel("Echo", new JsonObject()));
      registered.add(tasks.serial("com.example.a", "Echo", new JsonObject(), false));
    }
    GateTask.OPEN.add(gate);
    List<JsonObject> done = registered.stream().map(id -> tasks.await(id, "DISPOSED")).toList();

    List<String> byStart =
        done.stream()
            .sorted(Comparator.comparing(info -> Instant.parse(info.getString("startTime"))))
            .map(info -> info.getString("messageId"))
            .toList();
    List<String> byReceipt =
        done.stream()
            .sorted(Comparator.comparing(info -> Instant.parse(info.getString("receivedTime"))))
            .map(info -> info.getString("messageId"))
            .toList();
    assertEquals(registered, byReceipt, "received in registration order");
    assertEquals(byReceipt, byStart, "started in received order");
  }
}
