package io.ordo.deploy.schedule;

import static io.ordo.deploy.schedule.ScheduleApiTest.WAIT;
import static io.ordo.deploy.schedule.ScheduleApiTest.echoTask;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.ordo.deploy.Api;
import io.ordo.deploy.NodeRoles;
import io.ordo.deploy.OrdoNode;
import io.ordo.deploy.TestNode;
import io.ordo.testing.TestDatabase;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.Timestamp;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** Schedules firing on real nodes: intervals, overlap, catch-up, and two queue services. */
class ScheduleFiringTest {
  private OrdoNode node;
  private OrdoNode second;
  private Api api;

  @BeforeEach
  void startNode() {
    TestDatabase.truncate();
    node = TestNode.start(environment("node-1"), NodeRoles.all(), false);
    api = new Api(node.httpPort(), TestNode.OPERATOR);
  }

  @AfterEach
  void stopNodes() {
    api.close();
    node.close();
    if (second != null) {
      second.close();
    }
  }

  private static Map<String, String> environment(String name) {
    Map<String, String> env = TestNode.environment();
    env.put("ORDO_NODE_NAME", name);
    return env;
  }

  private static JsonObject everySecond(JsonObject task, String overlap) {
    return new JsonObject()
        .put("intervalSeconds", 1)
        .put("overlapPolicy", overlap)
        .put("task", task);
  }

  private JsonObject awaitSchedule(String id, java.util.function.Predicate<JsonObject> condition) {
    return api.await("/schedules/" + id, r -> r.status() == 200 && condition.test(r.json()), WAIT)
        .json();
  }

  @Test
  void intervalSchedule_firesEverySecond_eachFireAMessageOfItsOwn() {
    api.put("/schedules/tick", everySecond(echoTask(), "ALLOW_ALL"));

    JsonObject schedule = awaitSchedule("tick", s -> s.getJsonArray("recentFires").size() >= 3);

    Set<String> messages = new HashSet<>();
    for (Object fire : schedule.getJsonArray("recentFires")) {
      JsonObject entry = (JsonObject) fire;
      assertEquals("schedule", entry.getString("cause"));
      assertEquals(0, Instant.parse(entry.getString("fireTime")).getNano(), "a whole-second slot");
      messages.add(entry.getString("messageId"));
      assertEquals(200, api.get("/tasks/" + entry.getString("messageId")).status());
    }
    assertEquals(schedule.getJsonArray("recentFires").size(), messages.size());
  }

  @Test
  void aStoredDefinitionThatNoLongerParses_refusesStarts_andItsScheduleSkips_whileOthersFire() {
    Api.Reply saved =
        api.put(
            "/state-machines/Broken",
            new JsonObject()
                .put(
                    "definition",
                    new JsonObject(
                        "{\"StartAt\":\"P\",\"States\":{\"P\":{\"Type\":\"Pass\",\"End\":true}}}")));
    assertEquals(201, saved.status(), saved.body().toString());
    // as an earlier Ordo may have stored it, before a check it fails was added
    TestDatabase.update(
        "UPDATE ordo_state_machine SET definition = '{\"StartAt\":\"Gone\",\"States\":"
            + "{\"P\":{\"Type\":\"Pass\",\"End\":true}}}' WHERE name = 'Broken'");
    Api.Reply start = api.post("/state-machines/Broken/executions", new JsonObject());
    assertEquals(400, start.status(), start.body().toString());
    assertEquals("invalid_definition", start.code());
    assertTrue(start.json().getString("detail").contains("stored"), start.body().toString());

    api.put(
        "/schedules/broken",
        everySecond(new JsonObject().put("stateMachine", "Broken"), "ALLOW_ALL"));
    api.put("/schedules/tick", everySecond(echoTask(), "ALLOW_ALL"));

    awaitSchedule("tick", s -> s.getJsonArray("recentFires").size() >= 3);
    JsonObject broken = awaitSchedule("broken", s -> !s.getJsonArray("recentSkips").isEmpty());
    JsonObject skip = broken.getJsonArray("recentSkips").getJsonObject(0);
    assertEquals("REFUSED", skip.getString("reason"), skip.encode());
    assertTrue(skip.getString("detail").contains("stored"), skip.encode());
  }

  @Test
  void skipOverlap_whileTheFirstRunRuns_skipsEveryLaterSlot() {
    JsonObject sleep =
        new JsonObject()
            .put("queue", "parallel")
            .put("taskClassName", "Sleep")
            .put("parameter", new JsonObject().put("millis", 120_000));
    api.put("/schedules/long", everySecond(sleep, "SKIP"));

    JsonObject schedule = awaitSchedule("long", s -> s.getJsonArray("recentSkips").size() >= 3);

    assertEquals(1, schedule.getJsonArray("recentFires").size(), schedule.encodePrettily());
    for (Object skip : schedule.getJsonArray("recentSkips")) {
      JsonObject entry = (JsonObject) skip;
      if (!"MISSED".equals(entry.getString("reason"))) {
        assertEquals("OVERLAP", entry.getString("reason"), entry.encode());
      }
    }
    api.put("/schedules/long/paused", new JsonObject().put("paused", true));
  }

  @Test
  void bufferOne_thePauseOrReplaceThatDropsItsSlot_recordsTheSlotAsSkipped() {
    JsonObject sleep =
        new JsonObject()
            .put("queue", "parallel")
            .put("taskClassName", "Sleep")
            .put("parameter", new JsonObject().put("millis", 120_000));
    JsonObject spec = everySecond(sleep, "BUFFER_ONE");
    api.put("/schedules/buf", spec);
    String buffered =
        awaitSchedule("buf", s -> s.getString("bufferedFireTime") != null)
            .getString("bufferedFireTime");

    // resuming a schedule that runs changes nothing: it dropped the buffered slot unrecorded
    Api.Reply resumed = api.put("/schedules/buf/paused", new JsonObject().put("paused", false));
    assertEquals(200, resumed.status(), resumed.body().toString());
    assertEquals(buffered, resumed.json().getString("bufferedFireTime"));

    Api.Reply paused = api.put("/schedules/buf/paused", new JsonObject().put("paused", true));
    assertEquals(null, paused.json().getString("bufferedFireTime"));
    assertSkipped(paused.json(), buffered, "PAUSED");

    api.put("/schedules/buf/paused", new JsonObject().put("paused", false));
    String bufferedAgain =
        awaitSchedule("buf", s -> s.getString("bufferedFireTime") != null)
            .getString("bufferedFireTime");
    Api.Reply replaced = api.put("/schedules/buf", spec);
    assertEquals(200, replaced.status(), replaced.body().toString());
    assertEquals(null, replaced.json().getString("bufferedFireTime"));
    assertSkipped(replaced.json(), bufferedAgain, "REPLACED");
    api.put("/schedules/buf/paused", new JsonObject().put("paused", true));
  }

  /** The schedule's history has the slot as skipped for the reason. */
  private static void assertSkipped(JsonObject schedule, String slot, String reason) {
    JsonArray skips = schedule.getJsonArray("recentSkips");
    assertTrue(
        skips.stream()
            .map(JsonObject.class::cast)
            .anyMatch(
                skip ->
                    slot.equals(skip.getString("fireTime"))
                        && reason.equals(skip.getString("reason"))),
        () -> "no " + reason + " skip of " + slot + " in " + skips.encodePrettily());
  }

  @Test
  void catchUp_afterThreeMissedSlots_firesOnce_theLatest() {
    api.put(
        "/schedules/hourly",
        new JsonObject()
            .put("intervalSeconds", 3600)
            .put("catchupWindowSeconds", 3600)
            .put("task", echoTask()));
    Instant latest = Instant.now().truncatedTo(ChronoUnit.HOURS);
    // as if every node had been down since the slot two hours before the latest one
    setNextFireAt("hourly", latest.minus(2, ChronoUnit.HOURS));

    JsonObject schedule = awaitSchedule("hourly", s -> !s.getJsonArray("recentFires").isEmpty());

    JsonArray fires = schedule.getJsonArray("recentFires");
    assertEquals(1, fires.size(), schedule.encodePrettily());
    assertEquals(latest.toString(), fires.getJsonObject(0).getString("fireTime"));
    JsonObject missed = schedule.getJsonArray("recentSkips").getJsonObject(0);
    assertEquals("MISSED", missed.getString("reason"));
    assertEquals(latest.minus(2, ChronoUnit.HOURS).toString(), missed.getString("fireTime"));
    assertEquals(
        latest.plus(1, ChronoUnit.HOURS).toString(),
        schedule.getJsonArray("nextFireTimes").getString(0));
    assertEquals(1, scheduleKeys("hourly"), "one message registered");
  }

  @Test
  void catchUp_pastTheWindow_firesNothing() {
    // yearly, on 1 January 00:00 UTC: the latest slot is months (at least a minute) ago
    api.put(
        "/schedules/yearly",
        new JsonObject()
            .put("cron", "0 0 1 1 *")
            .put("catchupWindowSeconds", 60)
            .put("task", echoTask()));
    setNextFireAt("yearly", Instant.parse("2020-01-01T00:00:00Z"));

    JsonObject schedule = awaitSchedule("yearly", s -> s.getJsonArray("recentSkips").size() >= 2);

    assertEquals(0, schedule.getJsonArray("recentFires").size(), schedule.encodePrettily());
    List<String> reasons =
        schedule.getJsonArray("recentSkips").stream()
            .map(skip -> ((JsonObject) skip).getString("reason"))
            .toList();
    assertTrue(reasons.contains("CATCHUP_WINDOW_PASSED"), reasons.toString());
    assertTrue(reasons.contains("MISSED"), reasons.toString());
    assertEquals(0, scheduleKeys("yearly"));
  }

  @Test
  void twoQueueServices_onOneDatabase_neverFireOneSlotTwice() {
    second = TestNode.start(environment("node-2"), NodeRoles.all(), false);
    api.put("/schedules/shared", everySecond(echoTask(), "ALLOW_ALL"));

    awaitSchedule("shared", s -> s.getJsonArray("recentFires").size() >= 6);
    api.put("/schedules/shared/paused", new JsonObject().put("paused", true));

    List<String> fireTimes =
        TestDatabase.execute(
            c -> {
              try (ResultSet rows =
                  c.createStatement()
                      .executeQuery(
                          "SELECT fire_time FROM ordo_schedule_event"
                              + " WHERE event_type = 'ScheduleFired' ORDER BY fire_time")) {
                List<String> times = new java.util.ArrayList<>();
                while (rows.next()) {
                  times.add(rows.getString(1));
                }
                return times;
              }
            });
    assertEquals(fireTimes.size(), new HashSet<>(fireTimes).size(), fireTimes.toString());
    int keys = scheduleKeys("shared");
    assertEquals(fireTimes.size(), keys, "one message per fired slot");
  }

  private static void setNextFireAt(String scheduleId, Instant next) {
    TestDatabase.execute(
        c -> {
          try (PreparedStatement update =
              c.prepareStatement(
                  "UPDATE ordo_schedule SET next_fire_at = ? WHERE schedule_id = ?")) {
            update.setTimestamp(1, Timestamp.from(next));
            update.setString(2, scheduleId);
            return update.executeUpdate();
          }
        });
  }

  /** How many messages a schedule registered (their idempotency keys). */
  private static int scheduleKeys(String scheduleId) {
    return TestDatabase.execute(
        c -> {
          try (PreparedStatement count =
              c.prepareStatement(
                  "SELECT count(*) FROM ordo_idempotency_key WHERE idempotency_key LIKE ?")) {
            count.setString(1, "schedule:" + scheduleId + ":%");
            try (ResultSet rows = count.executeQuery()) {
              rows.next();
              return rows.getInt(1);
            }
          }
        });
  }
}
