package io.ordo.deploy.lock;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.ordo.deploy.Api;
import io.ordo.deploy.NodeRoles;
import io.ordo.deploy.OrdoNode;
import io.ordo.deploy.Tasks;
import io.ordo.deploy.TestNode;
import io.ordo.testing.TestDatabase;
import io.ordo.time.DatabaseClock;
import io.vertx.core.json.JsonObject;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * SPEC 6: leases and locks are on the database's clock, so nodes whose own clocks are hours off
 * (one ahead, one behind) neither steal nor lose locks, and what they record is on the farm's time.
 */
class ClockSkewTest {
  private final List<OrdoNode> nodes = new ArrayList<>();
  private Api api;

  @BeforeEach
  void start() {
    TestDatabase.truncate();
    Map<String, String> env = TestNode.environment();
    // hours shorter than the skews; long enough for a busy machine's renewals
    env.put("ORDO_LOCK_LEASE", "10");
    env.put("ORDO_NODE_NAME", "ahead");
    nodes.add(TestNode.start(env, NodeRoles.all(), false, skewed(Duration.ofHours(3))));
    env.put("ORDO_NODE_NAME", "behind");
    nodes.add(TestNode.start(env, NodeRoles.all(), false, skewed(Duration.ofHours(-3))));
    api = new Api(nodes.get(0).httpPort(), TestNode.OPERATOR);
  }

  @AfterEach
  void stop() {
    api.close();
    nodes.forEach(OrdoNode::close);
  }

  @Test
  void nodesWithClocksHoursOff_neitherStealNorLoseLocks() {
    Tasks tasks = new Tasks(api);
    List<String> ids = new ArrayList<>();
    for (int i = 0; i < 40; i++) {
      ids.add(tasks.parallel("Sleep", new JsonObject().put("millis", 250)));
    }
    tasks.addSerialQueue("skew.q", true);
    for (int i = 0; i < 10; i++) {
      ids.add(tasks.serial("skew.q", "Sleep", new JsonObject().put("millis", 100), false));
    }
    // a timeout far in the future must not fire on a node whose clock runs ahead
    ids.add(
        created(
            api.post(
                "/parallel-queue/tasks",
                new JsonObject()
                    .put("taskClassName", "Sleep")
                    .put("parameter", new JsonObject().put("millis", 300))
                    .put("timeouts", new JsonObject().put("startToClose", 600)))));
    for (String id : ids) {
      assertEquals(
          "COMPLETED", tasks.await(id, "DISPOSED").getJsonObject("outcome").getString("type"));
    }
    long now = System.currentTimeMillis();
    for (String id : ids) {
      for (JsonObject event : tasks.history(id)) {
        assertTrue(!"TaskLeaseExpired".equals(event.getString("eventType")), id + " lost a lock");
        long at = Math.round(event.getDouble("eventTimestamp") * 1000);
        assertTrue(Math.abs(now - at) < 120_000, id + " recorded " + event + " on a skewed clock");
      }
    }
    List<String> nodesThatRan = new ArrayList<>();
    ids.forEach(
        id ->
            nodesThatRan.add(
                tasks
                    .history(id)
                    .get(2)
                    .getJsonObject("taskStartedEventAttributes")
                    .getString("node")));
    assertTrue(
        nodesThatRan.contains("ahead") && nodesThatRan.contains("behind"), "both nodes ran tasks");
    // leases are the database's now() + lease, whatever the node's clock says
    TestDatabase.execute(
        connection -> {
          try (Statement s = connection.createStatement();
              ResultSet rows =
                  s.executeQuery(
                      "SELECT node_name, extract(epoch FROM lease_expires_at - now())"
                          + " FROM ordo_lock_owner WHERE node_name IN ('ahead', 'behind')")) {
            while (rows.next()) {
              double left = rows.getDouble(2);
              assertTrue(
                  left > 0 && left <= 10.5, rows.getString(1) + "'s lease ends in " + left + " s");
            }
          }
          return null;
        });
  }

  private static DatabaseClock skewed(Duration offset) {
    return new DatabaseClock(Clock.offset(Clock.systemUTC(), offset));
  }

  private static String created(Api.Reply reply) {
    assertEquals(201, reply.status(), reply.body().toString());
    return reply.json().getString("messageId");
  }
}
