package io.ordo.deploy.statemachine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.ordo.deploy.Api;
import io.ordo.deploy.Tasks;
import io.ordo.testing.TestDatabase;
import io.vertx.core.json.JsonObject;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.util.List;
import java.util.UUID;
import java.util.function.Predicate;

/** Test helpers around state machines and executions, over the HTTP API. */
final class Machines {
  /** A machine that succeeds at once. */
  static final String PASS =
      "{ \"StartAt\": \"P\", \"States\": { \"P\": { \"Type\": \"Pass\", \"End\": true } } }";

  /** A machine that waits an hour: it stays RUNNING for any test. */
  static final String WAIT_AN_HOUR =
      "{ \"StartAt\": \"W\", \"States\": { \"W\": { \"Type\": \"Wait\", \"Seconds\": 3600,"
          + " \"End\": true } } }";

  private final Api api;

  Machines(Api api) {
    this.api = api;
  }

  /** Creates or replaces a state machine; fails the test unless it is stored. */
  void put(String name, String definition) {
    Api.Reply reply =
        api.put(
            "/state-machines/" + name,
            new JsonObject().put("definition", new JsonObject(definition)));
    assertTrue(reply.status() == 201 || reply.status() == 200, reply.body().toString());
  }

  /** Starts an execution; answers its id. */
  String start(String name, Object input) {
    Api.Reply reply =
        api.post("/state-machines/" + name + "/executions", new JsonObject().put("input", input));
    assertEquals(201, reply.status(), reply.body().toString());
    return reply.json().getString("executionId");
  }

  JsonObject get(String executionId) {
    Api.Reply reply = api.get("/executions/" + executionId);
    assertEquals(200, reply.status(), reply.body().toString());
    return reply.json();
  }

  /** Waits until the execution has the status; answers it. */
  JsonObject await(String executionId, String status) {
    return api.await(
            "/executions/" + executionId,
            r -> r.status() == 200 && status.equals(r.json().getString("status")),
            Tasks.WAIT)
        .json();
  }

  /** Waits until the execution's history satisfies a condition. */
  List<JsonObject> awaitHistory(String executionId, Predicate<List<JsonObject>> condition) {
    long deadline = System.nanoTime() + Tasks.WAIT.toNanos();
    List<JsonObject> events = history(executionId);
    while (!condition.test(events)) {
      if (System.nanoTime() > deadline) {
        throw new AssertionError(
            "history of " + executionId + " never got there: " + types(events));
      }
      try {
        Thread.sleep(20);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new AssertionError(e);
      }
      events = history(executionId);
    }
    return events;
  }

  /** Waits until the history holds {@code count} events of a type. */
  List<JsonObject> awaitEvents(String executionId, String type, int count) {
    return awaitHistory(executionId, events -> count(events, type) >= count);
  }

  /**
   * Waits until the decider has nothing left to do for an execution: no timer, no task being
   * stopped, no outcome unread.
   */
  void awaitQuiet(String executionId) {
    long deadline = System.nanoTime() + Tasks.WAIT.toNanos();
    String state = quietness(executionId);
    while (!state.isEmpty()) {
      if (System.nanoTime() > deadline) {
        throw new AssertionError("execution " + executionId + " never got quiet: " + state);
      }
      try {
        Thread.sleep(20);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new AssertionError(e);
      }
      state = quietness(executionId);
    }
  }

  private static String quietness(String executionId) {
    return TestDatabase.execute(
        connection -> {
          try (PreparedStatement statement =
              connection.prepareStatement(
                  "SELECT e.wake_at, e.decider_state -> 'stopping' AS stopping, e.lock_owner_id,"
                      + " (SELECT count(*) FROM ordo_execution_inbox i"
                      + "   WHERE i.execution_id = e.execution_id) AS unread"
                      + " FROM ordo_execution e WHERE e.execution_id = ?::uuid")) {
            statement.setString(1, executionId);
            try (ResultSet row = statement.executeQuery()) {
              row.next();
              String stopping = row.getString("stopping");
              boolean quiet =
                  row.getObject("wake_at") == null
                      && "[]".equals(stopping)
                      && row.getObject("lock_owner_id") == null
                      && row.getLong("unread") == 0;
              return quiet
                  ? ""
                  : "wake_at="
                      + row.getObject("wake_at")
                      + " stopping="
                      + stopping
                      + " lock="
                      + row.getObject("lock_owner_id")
                      + " unread="
                      + row.getLong("unread");
            }
          }
        });
  }

  /** A third lock owner, alive for {@code seconds} more, takes the execution's lock. */
  static void holdLock(String executionId, int seconds) {
    TestDatabase.execute(
        connection -> {
          UUID owner = UUID.randomUUID();
          try (var insert =
              connection.prepareStatement(
                  "INSERT INTO ordo_lock_owner (owner_id, node_name, kind, lease_expires_at)"
                      + " VALUES (?, 'intruder', 'queue', now() + make_interval(secs => ?))")) {
            insert.setObject(1, owner);
            insert.setInt(2, seconds);
            insert.executeUpdate();
          }
          try (var lock =
              connection.prepareStatement(
                  "UPDATE ordo_execution SET lock_owner_id = ?, lock_version = lock_version + 1"
                      + " WHERE execution_id = ?::uuid")) {
            lock.setObject(1, owner);
            lock.setString(2, executionId);
            assertEquals(1, lock.executeUpdate());
          }
          return null;
        });
  }

  /** The whole history (every page). */
  List<JsonObject> history(String executionId) {
    return api.history("/executions/" + executionId + "/history");
  }

  List<String> eventTypes(String executionId) {
    return types(history(executionId));
  }

  static List<String> types(List<JsonObject> events) {
    return events.stream().map(e -> e.getString("eventType")).toList();
  }

  static long count(List<JsonObject> events, String type) {
    return events.stream().filter(e -> type.equals(e.getString("eventType"))).count();
  }

  /** The attributes of the events of a type, in order. */
  static List<JsonObject> attributes(List<JsonObject> events, String type) {
    String key = Character.toLowerCase(type.charAt(0)) + type.substring(1) + "EventAttributes";
    return events.stream()
        .filter(e -> type.equals(e.getString("eventType")))
        .map(e -> e.getJsonObject(key))
        .toList();
  }

  /** The message id of the latest task the execution scheduled for a Task state. */
  String message(String executionId, String state) {
    List<JsonObject> scheduled = attributes(history(executionId), "TaskScheduled");
    for (int i = scheduled.size() - 1; i >= 0; i--) {
      if (state.equals(scheduled.get(i).getString("name"))) {
        return scheduled.get(i).getString("messageId");
      }
    }
    throw new AssertionError("no task scheduled for " + state);
  }
}
