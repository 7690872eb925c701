package io.ordo.deploy.runner;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.ordo.deploy.NodeTest;
import io.ordo.deploy.Tasks;
import io.ordo.deploy.TestNode;
import io.ordo.deploy.tasks.ConcurrencyTask;
import io.vertx.core.json.JsonObject;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** A runner runs at most task-runner.max-threads tasks at once, and reaches that many. */
class CapacityTest extends NodeTest {

  @Override
  protected Map<String, String> environment() {
    return TestNode.environment("ORDO_MAX_THREADS", "4");
  }

  @Override
  protected void reset() {
    ConcurrencyTask.reset();
  }

  @Test
  void aParallelBurst_reachesMaxThreads_andNeverMore() {
    api.put("/parallel-queue/active", new JsonObject().put("active", false));
    for (int i = 0; i < 40; i++) {
      tasks.parallel("Concurrency", new JsonObject().put("millis", 100));
    }
    api.put("/parallel-queue/active", new JsonObject().put("active", true));

    api.await(
        "/parallel-queue",
        r ->
            r.json().getInteger("waitingCount") == 0
                && r.json().getInteger("runningCount") == 0
                && ConcurrencyTask.DONE.get() == 40,
        Tasks.WAIT);
    assertEquals(4, ConcurrencyTask.MAX.get());
  }
}
