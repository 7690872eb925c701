package io.ordo.deploy.statemachine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import io.ordo.deploy.Api;
import io.ordo.deploy.NodeRoles;
import io.ordo.deploy.OrdoNode;
import io.ordo.deploy.Tasks;
import io.ordo.deploy.TestNode;
import io.ordo.deploy.tasks.GateTask;
import io.ordo.testing.TestDatabase;
import io.vertx.core.json.JsonObject;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Two nodes on one database, one task slot each: the two branches of a Parallel state run on two
 * runners and finish at the same instant, so both nodes' deciders advance the same execution at
 * once. The instance lock lets one in; the other retries as its instanceLockedExceptionAction says.
 */
class ContentionTest {
  private static final String TWO_GATES =
      """
      { "StartAt": "P", "States": { "P": { "Type": "Parallel", "End": true, "Branches": [
        { "StartAt": "A", "States": { "A": { "Type": "Task", "Resource": "ordo:task:Gate",
          "Parameters": { "key": "a" }, "End": true } } },
        { "StartAt": "B", "States": { "B": { "Type": "Task", "Resource": "ordo:task:Gate",
          "Parameters": { "key": "b" }, "End": true } } } ] } } }
      """;

  private OrdoNode first;
  private OrdoNode second;
  private Api api;
  private Api secondApi;
  private Machines machines;
  private Tasks tasks;

  @BeforeEach
  void start() {
    TestDatabase.truncate();
    GateTask.reset();
    first = TestNode.start(environment("node-1", "BasicRetry"), NodeRoles.all(), false);
    second = TestNode.start(environment("node-2", "AggressiveRetry"), NodeRoles.all(), false);
    api = new Api(first.httpPort(), TestNode.OPERATOR);
    secondApi = new Api(second.httpPort(), TestNode.OPERATOR);
    machines = new Machines(api);
    tasks = new Tasks(api);
    machines.put("TwoGates", TWO_GATES);
  }

  @AfterEach
  void stop() {
    api.close();
    secondApi.close();
    first.close();
    second.close();
  }

  @Test
  void twoBranchesFinishingAtOnceOnTwoRunners_advanceTheExecutionExactlyOnce() {
    for (int round = 0; round < 3; round++) {
      GateTask.reset();
      String id = machines.start("TwoGates", new JsonObject());
      List<String> nodes = runningOnTwoNodes(id);
      assertNotEquals(nodes.get(0), nodes.get(1), "each runner has one slot");

      GateTask.OPEN.add("a");
      GateTask.OPEN.add("b");

      assertSucceededOnce(id);
    }
  }

  @Test
  void whileAnotherOwnerHoldsTheLock_bothDecidersRetry_andOneAdvancesOnceItLapses() {
    String id = machines.start("TwoGates", new JsonObject());
    runningOnTwoNodes(id);
    // held until the test lets it lapse, however slow the machine
    Machines.holdLock(id, 120);

    GateTask.OPEN.add("a");
    GateTask.OPEN.add("b");
    // Both outcomes reach the inbox; both nodes' deciders meet the lock and retry.
    awaitInbox(id, 2);
    api.await(
        "/metrics",
        r -> retries(api, "BasicRetry") > 0 && retries(secondApi, "AggressiveRetry") > 0,
        Tasks.WAIT);
    assertEquals("RUNNING", machines.get(id).getString("status"));

    lapseIntrudersLease();
    assertSucceededOnce(id);
  }

  /** The lease of the owner {@link Machines#holdLock} made ends now. */
  private static void lapseIntrudersLease() {
    assertEquals(
        1,
        TestDatabase.update(
            "UPDATE ordo_lock_owner SET lease_expires_at = now() WHERE node_name = 'intruder'"));
  }

  private List<String> runningOnTwoNodes(String id) {
    return List.of("A", "B").stream()
        .map(state -> tasks.await(machines.message(id, state), "RUNNING").getString("node"))
        .toList();
  }

  private void assertSucceededOnce(String id) {
    JsonObject execution = machines.await(id, "SUCCEEDED");
    assertEquals(
        List.of("a", "b"),
        execution.getJsonArray("output").stream()
            .map(result -> ((JsonObject) result).getString("key"))
            .toList());
    machines.awaitQuiet(id);
    List<JsonObject> events = machines.history(id);
    for (int i = 0; i < events.size(); i++) {
      assertEquals(i + 1, events.get(i).getLong("eventId"), "no gap, no duplicate");
    }
    assertEquals(1, Machines.count(events, "ExecutionSucceeded"));
    assertEquals(1, Machines.count(events, "ParallelStateSucceeded"));
    assertEquals(2, Machines.count(events, "TaskSucceeded"));
  }

  private static void awaitInbox(String executionId, int count) {
    long deadline = System.nanoTime() + Tasks.WAIT.toNanos();
    while (inbox(executionId) < count) {
      if (System.nanoTime() > deadline) {
        throw new AssertionError("the outcomes never reached the inbox");
      }
      try {
        Thread.sleep(10);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new AssertionError(e);
      }
    }
  }

  private static long inbox(String executionId) {
    return TestDatabase.execute(
        connection -> {
          try (var count =
              connection.prepareStatement(
                  "SELECT count(*) FROM ordo_execution_inbox WHERE execution_id = ?::uuid")) {
            count.setString(1, executionId);
            try (var row = count.executeQuery()) {
              row.next();
              return row.getLong(1);
            }
          }
        });
  }

  /** The node's count of lock conflicts it retried under a policy, from its /metrics. */
  private static double retries(Api node, String action) {
    String metrics = node.get("/metrics").body().toString();
    return metrics
        .lines()
        .filter(line -> line.startsWith("ordo_lock_conflicts_total"))
        .filter(line -> line.contains("action=\"" + action + "\""))
        .filter(line -> line.contains("outcome=\"retried\""))
        .mapToDouble(line -> Double.parseDouble(line.substring(line.lastIndexOf(' ') + 1)))
        .sum();
  }

  private static Map<String, String> environment(String name, String lockRetry) {
    Map<String, String> env = TestNode.environment();
    env.put("ORDO_NODE_NAME", name);
    env.put("ORDO_MAX_THREADS", "1");
    // one message per runner at a time: a runner that prefetched the second branch would hold it
    // behind the first's gate
    env.put("ORDO_PREFETCH", "0");
    env.put("ORDO_LOCK_RETRY", lockRetry);
    return env;
  }
}
