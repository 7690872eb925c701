package io.ordo.client.it;

import static io.ordo.client.it.Await.result;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.ordo.client.http.Runner;
import io.ordo.client.http.exception.ForbiddenException;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/** {@code OrdoClient.runners()} against a real node: its one runner, as it reported itself. */
@ExtendWith(SharedNode.class)
class RunnersTest {

  @Test
  void runners_listTheNodesRunner_withItsThreadsTaskTypesVersionAndLease(NodeProcess node)
      throws Exception {
    List<Runner> runners = TaskManagerTest.client(node, NodeProcess.OPERATOR).runners();
    assertEquals(1, runners.size(), runners.toString());
    Runner runner = runners.get(0);
    assertNotNull(runner.node());
    assertEquals(8, runner.maxThreads());
    assertTrue(runner.busy() >= 0 && runner.busy() <= 8, runner.toString());
    assertTrue(runner.taskTypes().contains("io.ordo.samples.SleepTask"), runner.toString());
    assertTrue(runner.version().matches("\\d+\\.\\d+\\.\\d+.*"), runner.version());
    assertTrue(runner.leaseExpiresAt().isAfter(runner.lastRenewedAt()), runner.toString());
    assertTrue(!runner.lastRenewedAt().isBefore(runner.startedAt()), runner.toString());

    List<Runner> asOtherTenant =
        result(TaskManagerTest.client(node, NodeProcess.OTHER_TENANT).runnersAsync());
    assertEquals(runner.ownerId(), asOtherTenant.get(0).ownerId());
  }

  @Test
  void runners_needTheOperatorRole(NodeProcess node) {
    assertThrows(
        ForbiddenException.class,
        () -> TaskManagerTest.client(node, NodeProcess.SUBMITTER).runners());
  }
}
