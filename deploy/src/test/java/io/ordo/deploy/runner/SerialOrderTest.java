package io.ordo.deploy.runner;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.ordo.deploy.Api;
import io.ordo.deploy.OrdoNode;
import io.ordo.deploy.Tasks;
import io.ordo.deploy.TestNode;
import io.ordo.deploy.tasks.SerialProbeTask;
import io.ordo.testing.TestDatabase;
import io.ordo.time.DatabaseClock;
import io.vertx.core.json.JsonObject;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Two runners (two nodes on one database, in the test's JVM) and thousands of messages over 50
 * serial queues: no serial queue ever ran two tasks at once (seen by the task itself as it ran),
 * none ran out of order, none was lost, and each runner's history shows the ones it ran one after
 * the other. The histories are compared only within a runner, and only to within the two nodes'
 * clock errors: each node stamps events on its own clock, kept in step with the database's to
 * within half a round trip, and a runner's {@code TaskStarted} (and so its {@code TaskCompleted})
 * is never before the message's acceptance, which the node that answered the claim stamped, either
 * node. So a runner's next task may be stamped as started a little before its previous one
 * completed, by as much as the nodes' clocks may disagree (docs/history-events.md).
 */
class SerialOrderTest {
  private static final int QUEUES = 50;
  private static final int PER_QUEUE = 40;

  private OrdoNode first;
  private OrdoNode second;
  private Api api;

  @BeforeEach
  void start() {
    TestDatabase.truncate();
    SerialProbeTask.reset();
    Map<String, String> env = TestNode.environment();
    env.put("ORDO_NODE_NAME", "runner-a");
    first = TestNode.start(env);
    env.put("ORDO_NODE_NAME", "runner-b");
    second = TestNode.start(env);
    api = new Api(first.httpPort(), TestNode.OPERATOR);
  }

  @AfterEach
  void stop() {
    api.close();
    first.close();
    second.close();
  }

  @Test
  void serialQueues_neverRunTwoTasksAtOnce_norOutOfOrder_withTwoRunners() throws Exception {
    // how far the two nodes' clocks may have disagreed at any time of the run: the sum of their
    // errors, sampled through the run (an error shrinks as better measurements come)
    AtomicLong clockSpreadMicros = new AtomicLong();
    long sampler =
        first
            .vertx()
            .setPeriodic(10, id -> clockSpreadMicros.accumulateAndGet(spread(), Math::max));
    Tasks tasks = new Tasks(api);
    for (int q = 0; q < QUEUES; q++) {
      tasks.addSerialQueue("com.example.q" + q, false);
    }
    Map<String, List<String>> registered = new HashMap<>();
    ExecutorService clients = Executors.newFixedThreadPool(16);
    List<Future<List<String>>> perQueue = new ArrayList<>();
    for (int q = 0; q < QUEUES; q++) {
      String queue = "com.example.q" + q;
      perQueue.add(
          clients.submit(
              () -> {
                List<String> ids = new ArrayList<>();
                for (int i = 0; i < PER_QUEUE; i++) {
                  ids.add(
                      tasks.serial(
                          queue,
                          "SerialProbe",
                          new JsonObject().put("key", queue).put("value", i).put("millis", 2),
                          false));
                }
                return ids;
              }));
    }
    for (int q = 0; q < QUEUES; q++) {
      registered.put("com.example.q" + q, perQueue.get(q).get());
    }
    for (int q = 0; q < QUEUES; q++) {
      clients.submit(() -> null);
      api.put("/serial-queues/com.example.q" + q + "/active", new JsonObject().put("active", true));
    }
    clients.shutdown();

    api.await(
        "/status?limit=1",
        r -> {
          JsonObject serial = r.json().getJsonObject("serializedTasksInfo");
          return serial.fieldNames().stream()
              .allMatch(
                  q ->
                      serial.getJsonObject(q).getInteger("waitingCount") == 0
                          && serial.getJsonObject(q).getInteger("runningCount") == 0);
        },
        Duration.ofSeconds(120));

    first.vertx().cancelTimer(sampler);
    clockSpreadMicros.accumulateAndGet(spread(), Math::max);
    long tolerance = clockSpreadMicros.get();
    Map<String, Run> runs = runs();
    Set<String> nodes = nodesThatRan();
    for (String queue : registered.keySet()) {
      List<Object> expected = new ArrayList<>();
      for (int i = 0; i < PER_QUEUE; i++) {
        expected.add(i);
      }
      assertEquals(
          expected,
          SerialProbeTask.ORDER.get(queue),
          "tasks of " + queue + " ran out of order, more than once, or were lost");
      assertEquals(
          0,
          SerialProbeTask.OVERLAPS.getOrDefault(queue, new AtomicInteger()).get(),
          queue + ": runs overlapped");
      // in the order the test registered them: a closed history's summary keeps no received time
      // (the header's start does), and ordering by the message id, a UUIDv7 whose bits below the
      // millisecond are random, put two messages registered within one millisecond either way
      List<Run> intervals = registered.get(queue).stream().map(runs::get).toList();
      assertTrue(
          intervals.stream().allMatch(run -> run != null && run.queue().equals(queue)),
          "every message of " + queue + " completed: " + intervals);
      for (int i = 1; i < intervals.size(); i++) {
        Run before = intervals.get(i - 1);
        Run run = intervals.get(i);
        assertTrue(
            !run.node().equals(before.node()) || run.started() >= before.completed() - tolerance,
            queue
                + ": task "
                + i
                + " (in registration order) started on "
                + run.node()
                + " before task "
                + (i - 1)
                + " completed there, by "
                + (before.completed() - run.started())
                + " µs: more than the nodes' clocks may disagree ("
                + tolerance
                + " µs); task "
                + (i - 1)
                + ": "
                + before
                + ", task "
                + i
                + ": "
                + run);
      }
    }
    assertEquals(Set.of("runner-a", "runner-b"), nodes, "both runners took work");
  }

  /** The sum of the two nodes' clock errors now, in microseconds. */
  private long spread() {
    return errorOf(first).plus(errorOf(second)).toNanos() / 1_000;
  }

  private static Duration errorOf(OrdoNode node) {
    return node.context().clock() instanceof DatabaseClock clock ? clock.error() : Duration.ZERO;
  }

  /**
   * Where a message ran, and when it was accepted (its last acceptance), started and completed
   * there (microseconds), with its start's and end's attributes (what a failure of the check
   * shows).
   */
  private record Run(
      String queue,
      String node,
      long accepted,
      long started,
      long completed,
      String start,
      String end) {}

  /** Each message's run, by message id; a message started or completed twice fails the test. */
  private static Map<String, Run> runs() {
    return TestDatabase.execute(
        connection -> {
          Map<String, Run> runs = new HashMap<>();
          String sql =
              "SELECT h.execution_id::text AS id, h.summary ->> 'queueId' AS queue,"
                  + " s.attributes ->> 'node' AS node,"
                  + " (SELECT (extract(epoch FROM max(a.event_time)) * 1000000)::bigint"
                  + "   FROM ordo_history_event a WHERE a.execution_id = h.execution_id"
                  + "   AND a.event_type = 'TaskAccepted') AS accepted,"
                  + " (extract(epoch FROM s.event_time) * 1000000)::bigint AS started,"
                  + " (extract(epoch FROM c.event_time) * 1000000)::bigint AS completed,"
                  + " s.attributes::text, c.attributes::text"
                  + " FROM ordo_history_execution h"
                  + " JOIN ordo_history_event s ON s.execution_id = h.execution_id AND s.event_type = 'TaskStarted'"
                  + " JOIN ordo_history_event c ON c.execution_id = h.execution_id AND c.event_type = 'TaskCompleted'";
          try (Statement statement = connection.createStatement();
              ResultSet rows = statement.executeQuery(sql)) {
            while (rows.next()) {
              String id = rows.getString(1);
              Run run =
                  new Run(
                      rows.getString(2),
                      rows.getString(3),
                      rows.getLong(4),
                      rows.getLong(5),
                      rows.getLong(6),
                      rows.getString(7),
                      rows.getString(8));
              Run before = runs.put(id, run);
              assertNull(before, () -> id + " started or completed twice: " + before + ", " + run);
            }
          }
          return runs;
        });
  }

  private static Set<String> nodesThatRan() {
    return TestDatabase.execute(
        connection -> {
          Set<String> nodes = new HashSet<>();
          try (Statement statement = connection.createStatement();
              ResultSet rows =
                  statement.executeQuery(
                      "SELECT DISTINCT attributes ->> 'node' FROM ordo_history_event WHERE event_type = 'TaskStarted'")) {
            while (rows.next()) {
              nodes.add(rows.getString(1));
            }
          }
          return nodes;
        });
  }
}
