package io.ordo.deploy.runner;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.ordo.deploy.Api;
import io.ordo.deploy.OrdoNode;
import io.ordo.deploy.Tasks;
import io.ordo.deploy.TestNode;
import io.ordo.testing.TestDatabase;
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
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Two runners (two nodes on one database) and thousands of messages over 50 serial queues: checked
 * from the histories and the Record table, no serial queue ever ran two tasks at once, none ran out
 * of order, none was lost.
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
                          "Record",
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

    Map<String, List<Integer>> recorded = recordedValues();
    Map<String, List<long[]>> runs = runIntervals();
    Set<String> nodes = nodesThatRan();
    for (String queue : registered.keySet()) {
      List<Integer> expected = new ArrayList<>();
      for (int i = 0; i < PER_QUEUE; i++) {
        expected.add(i);
      }
      assertEquals(
          expected, recorded.get(queue), "tasks of " + queue + " ran out of order or were lost");
      List<long[]> intervals = runs.get(queue);
      assertEquals(PER_QUEUE, intervals.size(), "every message of " + queue + " completed once");
      for (int i = 1; i < intervals.size(); i++) {
        assertTrue(
            intervals.get(i)[0] >= intervals.get(i - 1)[1],
            queue
                + ": task "
                + i
                + " (in received order) started before task "
                + (i - 1)
                + " completed");
      }
    }
    assertEquals(Set.of("runner-a", "runner-b"), nodes, "both runners took work");
  }

  /** Record's values per queue key, in the order they were recorded. */
  private static Map<String, List<Integer>> recordedValues() {
    return TestDatabase.execute(
        connection -> {
          Map<String, List<Integer>> values = new HashMap<>();
          try (Statement statement = connection.createStatement();
              ResultSet rows =
                  statement.executeQuery(
                      "SELECT record_key, value::int FROM ordo_sample_record ORDER BY id")) {
            while (rows.next()) {
              values.computeIfAbsent(rows.getString(1), k -> new ArrayList<>()).add(rows.getInt(2));
            }
          }
          return values;
        });
  }

  /** Per queue, [started, completed] in microseconds of each message, in registration order. */
  private static Map<String, List<long[]>> runIntervals() {
    return TestDatabase.execute(
        connection -> {
          Map<String, List<long[]>> runs = new HashMap<>();
          String sql =
              "SELECT h.summary ->> 'queueId' AS queue,"
                  + " (extract(epoch FROM s.event_time) * 1000000)::bigint AS started,"
                  + " (extract(epoch FROM c.event_time) * 1000000)::bigint AS completed"
                  + " FROM ordo_history_execution h"
                  + " JOIN ordo_history_event s ON s.execution_id = h.execution_id AND s.event_type = 'TaskStarted'"
                  + " JOIN ordo_history_event c ON c.execution_id = h.execution_id AND c.event_type = 'TaskCompleted'"
                  + " ORDER BY (h.summary ->> 'receivedTime')::timestamptz, h.execution_id";
          try (Statement statement = connection.createStatement();
              ResultSet rows = statement.executeQuery(sql)) {
            while (rows.next()) {
              runs.computeIfAbsent(rows.getString(1), k -> new ArrayList<>())
                  .add(new long[] {rows.getLong(2), rows.getLong(3)});
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
