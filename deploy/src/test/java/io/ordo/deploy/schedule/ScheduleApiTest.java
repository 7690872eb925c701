package io.ordo.deploy.schedule;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.ordo.deploy.Api;
import io.ordo.deploy.OrdoNode;
import io.ordo.deploy.TestNode;
import io.ordo.testing.TestDatabase;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.time.DayOfWeek;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The schedule resource over HTTP: create, read, list, pause, trigger, delete, and refusals. */
class ScheduleApiTest {
  static final Duration WAIT = Duration.ofSeconds(20);

  private OrdoNode node;
  private Api api;

  @BeforeEach
  void startNode() {
    TestDatabase.truncate();
    node = TestNode.start();
    api = new Api(node.httpPort(), TestNode.OPERATOR);
  }

  @AfterEach
  void stopNode() {
    api.close();
    node.close();
  }

  static JsonObject echoTask() {
    return new JsonObject().put("queue", "parallel").put("taskClassName", "Echo");
  }

  static JsonObject daily(JsonObject task) {
    return new JsonObject()
        .put("cron", "30 2 * * *")
        .put("timeZone", "Europe/Berlin")
        .put("task", task);
  }

  @Test
  void schedule_isCreatedReadListedPausedResumedAndDeleted() {
    Api.Reply created = api.put("/schedules/nightly", daily(echoTask()));
    assertEquals(201, created.status(), created.body().toString());
    assertEquals("/api/v1/schedules/nightly", created.headers().get("Location"));
    JsonObject schedule = created.json();
    assertEquals("SKIP", schedule.getString("overlapPolicy"));
    assertEquals(300, schedule.getInteger("catchupWindowSeconds"));
    assertFalse(schedule.getBoolean("paused"));
    JsonArray next = schedule.getJsonArray("nextFireTimes");
    assertEquals(5, next.size());
    for (Object time : next) {
      // 02:30 in Berlin is 00:30 or 01:30 UTC
      assertTrue(((String) time).matches(".*T0[01]:30:00Z"), time.toString());
    }

    Api.Reply replaced = api.put("/schedules/nightly", daily(echoTask()).put("cron", "0 3 * * *"));
    assertEquals(200, replaced.status(), replaced.body().toString());
    assertEquals("0 3 * * *", api.get("/schedules/nightly").json().getString("cron"));
    assertEquals(1, api.get("/schedules").array().size());

    Api.Reply paused = api.put("/schedules/nightly/paused", new JsonObject().put("paused", true));
    assertEquals(200, paused.status(), paused.body().toString());
    assertTrue(paused.json().getBoolean("paused"));
    assertEquals(0, paused.json().getJsonArray("nextFireTimes").size());
    Api.Reply resumed = api.put("/schedules/nightly/paused", new JsonObject().put("paused", false));
    assertEquals(5, resumed.json().getJsonArray("nextFireTimes").size());

    assertEquals(204, api.delete("/schedules/nightly").status());
    assertEquals(404, api.get("/schedules/nightly").status());
    assertEquals(404, api.delete("/schedules/nightly").status());
  }

  @Test
  void trigger_firesNow_evenWhenPaused_andRecordsTheFire() {
    api.put("/schedules/manual", daily(echoTask()));
    api.put("/schedules/manual/paused", new JsonObject().put("paused", true));

    Api.Reply fired = api.post("/schedules/manual/trigger", null);

    assertEquals(200, fired.status(), fired.body().toString());
    assertEquals("ScheduleFired", fired.json().getString("eventType"), fired.body().toString());
    assertEquals("trigger", fired.json().getString("cause"));
    String messageId = fired.json().getString("messageId");
    assertEquals(200, api.get("/tasks/" + messageId).status());
    JsonObject schedule = api.get("/schedules/manual").json();
    assertEquals(
        messageId, schedule.getJsonArray("recentFires").getJsonObject(0).getString("messageId"));
    assertEquals(messageId, schedule.getJsonObject("lastResult").getString("messageId"));
    String metrics = api.get("/metrics").body().toString();
    assertTrue(metrics.contains("ordo_schedule_fires_total"), "fire counter on /metrics");
  }

  @Test
  void oneSchedule_showsEveryEntryItKeeps_aListTheNewest20OfEach() {
    api.put("/schedules/often", daily(echoTask()));
    for (int i = 0; i < 25; i++) {
      assertEquals(200, api.post("/schedules/often/trigger", null).status());
    }

    assertEquals(25, api.get("/schedules/often").json().getJsonArray("recentFires").size());
    JsonObject listed = api.get("/schedules").array().getJsonObject(0);
    assertEquals(20, listed.getJsonArray("recentFires").size());
  }

  @Test
  void trigger_intoASerialQueueThatDoesNotExist_isRecordedAsRefused() {
    api.put(
        "/schedules/lost",
        daily(
            new JsonObject()
                .put("queue", "serial")
                .put("queueId", "nope")
                .put("taskClassName", "Echo")));

    Api.Reply fired = api.post("/schedules/lost/trigger", null);

    assertEquals(200, fired.status(), fired.body().toString());
    assertEquals("ScheduleSkipped", fired.json().getString("eventType"));
    assertEquals("REFUSED", fired.json().getString("reason"));
  }

  @Test
  void invalidSchedules_areRefusedWith400() {
    assertInvalid(daily(echoTask()).put("cron", "61 * * * *"), "invalid_request");
    assertInvalid(daily(echoTask()).put("cron", "* * *"), "invalid_request");
    // a cron of the 30th of February would never fire: refused, not stored with no fire times
    assertInvalid(daily(echoTask()).put("cron", "0 0 30 2 *"), "invalid_request");
    assertEquals(404, api.get("/schedules/bad").status());
    assertInvalid(daily(echoTask()).put("timeZone", "Mars/Olympus"), "invalid_request");
    assertInvalid(daily(echoTask()).put("intervalSeconds", 60), "invalid_request");
    assertInvalid(new JsonObject().put("task", echoTask()), "invalid_request");
    assertInvalid(daily(echoTask().put("taskClassName", "NoSuchTask")), "unknown_task_type");
    assertInvalid(daily(echoTask().put("kind", "x")), "invalid_request");
    assertInvalid(
        daily(new JsonObject().put("queue", "serial").put("taskClassName", "Echo")),
        "invalid_request");
    assertInvalid(daily(new JsonObject().put("stateMachine", "missing")), "invalid_request");
    assertInvalid(daily(echoTask()).put("overlapPolicy", "SOMETIMES"), "invalid_request");
    // a zone means nothing to an interval (aligned on the epoch): refused, not ignored
    assertInvalid(
        new JsonObject()
            .put("intervalSeconds", 60)
            .put("timeZone", "Europe/Berlin")
            .put("task", echoTask()),
        "invalid_request");
    // a message's retry policy is checked as a registration's is (a null made no limit)
    Api.Reply nullAttempts =
        assertInvalid(
            daily(echoTask().put("retry", new JsonObject().putNull("maximumAttempts"))),
            "invalid_request");
    assertTrue(
        nullAttempts.json().getString("detail").contains("maximumAttempts"),
        nullAttempts.body().toString());
    // and a rule across its members is named where it stands in the schedule
    Api.Reply shrinking =
        assertInvalid(
            daily(
                echoTask()
                    .put(
                        "retry",
                        new JsonObject()
                            .put("initialIntervalSeconds", 10)
                            .put("maximumIntervalSeconds", 5))),
            "invalid_request");
    assertTrue(
        shrinking
            .json()
            .getString("detail")
            .startsWith("task.retry.maximumIntervalSeconds must be at least"),
        shrinking.body().toString());
    assertInvalid(daily(echoTask().put("stopProgressOnError", true)), "invalid_request");
    Api.Reply descending =
        assertInvalid(daily(echoTask()).put("cron", "0 0 * * 5-0"), "invalid_request");
    assertTrue(
        descending.json().getString("detail").contains("FRI-SUN"), descending.body().toString());
    // digits other than 0-9 (Arabic-Indic five, fullwidth zero) are not read as numbers
    for (String foreign : List.of("\u0665 * * * *", "\uff10 * * * *")) {
      Api.Reply refused = assertInvalid(daily(echoTask()).put("cron", foreign), "invalid_request");
      assertTrue(
          refused.json().getString("detail").contains("not ASCII"), refused.body().toString());
    }
    assertEquals(0, api.get("/schedules").array().size());
  }

  @Test
  void aWeekdayRangeFromSunday_firesOnTheDaysItNames() {
    List<Instant> everyDay = nextFireTimes("0 6 * * SUN-SAT");
    assertEquals(5, everyDay.size());
    for (int i = 1; i < everyDay.size(); i++) {
      assertEquals(Duration.ofDays(1), Duration.between(everyDay.get(i - 1), everyDay.get(i)));
    }
    for (String sundayAndMonday : List.of("0 6 * * SUN-MON", "0 0 6 * * SUN-MON")) {
      assertEquals(
          Set.of(DayOfWeek.SUNDAY, DayOfWeek.MONDAY),
          nextFireTimes(sundayAndMonday).stream()
              .map(time -> time.atOffset(ZoneOffset.UTC).getDayOfWeek())
              .collect(Collectors.toSet()));
    }
  }

  /** Puts a schedule of the cron in UTC and answers its next fire times. */
  private List<Instant> nextFireTimes(String cron) {
    Api.Reply put =
        api.put("/schedules/week", daily(echoTask()).put("cron", cron).put("timeZone", "UTC"));
    assertTrue(put.status() == 200 || put.status() == 201, put.body().toString());
    return put.json().getJsonArray("nextFireTimes").stream()
        .map(time -> Instant.parse((String) time))
        .toList();
  }

  @Test
  void anExecutionSchedule_withAFieldOfATaskMessage_isRefusedNamingIt() {
    putPassMachine();
    Map<String, Object> messageFields =
        Map.of(
            "timeouts", new JsonObject().put("heartbeat", 5),
            "retry", new JsonObject().put("maximumAttempts", 1),
            "stopProgressOnError", true,
            "queueId", "reports",
            "parameter", new JsonObject().put("kind", "daily"));
    messageFields.forEach(
        (field, value) -> {
          JsonObject task = new JsonObject().put("stateMachine", "pass").put(field, value);
          Api.Reply refused = assertInvalid(daily(task), "invalid_request");
          assertTrue(
              refused.json().getString("detail").startsWith("task: " + field + " belongs to"),
              refused.body().toString());
        });
    assertEquals(0, api.get("/schedules").array().size());
  }

  @Test
  void schedules_belongToOperatorsOfTheirTenant() {
    api.put("/schedules/mine", daily(echoTask()));
    assertEquals(403, api.as(TestNode.SUBMITTER).get("/schedules/mine").status());
    assertEquals(404, api.as(TestNode.OTHER_TENANT).get("/schedules/mine").status());
    assertEquals(0, api.as(TestNode.OTHER_TENANT).get("/schedules").array().size());
  }

  @Test
  void schedule_canStartAStateMachineExecution() {
    putPassMachine();
    api.put(
        "/schedules/machine",
        daily(
            new JsonObject()
                .put("stateMachine", "pass")
                .put("input", new JsonObject().put("n", 1))));

    Api.Reply fired = api.post("/schedules/machine/trigger", null);

    String executionId = fired.json().getString("executionId");
    assertEquals(200, api.get("/executions/" + executionId).status(), fired.body().toString());
    assertTrue(
        api.get("/executions/" + executionId).json().getString("name").startsWith("machine-"));
  }

  @Test
  void anExecutionInputThatEveryStartWouldRefuse_isRefusedWhenTheScheduleIsSaved() {
    putPassMachine();
    JsonObject deep = new JsonObject().put("leaf", true);
    for (int i = 1; i < 513; i++) {
      deep = new JsonObject().put("a", deep);
    }
    assertInvalid(
        daily(new JsonObject().put("stateMachine", "pass").put("input", deep)), "invalid_request");

    Api.Reply large =
        api.put(
            "/schedules/bad",
            daily(
                new JsonObject()
                    .put("stateMachine", "pass")
                    .put("input", new JsonObject().put("s", "x".repeat(1024 * 1024)))));
    assertEquals(413, large.status(), large.body().toString());
    assertEquals("payload_too_large", large.code());
    assertTrue(
        large.json().getString("detail").startsWith("task.input: "), large.body().toString());
    assertEquals(0, api.get("/schedules").array().size());
  }

  /** Defines the state machine {@code pass}: one Pass state. */
  private void putPassMachine() {
    JsonObject pass =
        new JsonObject(
            "{ \"StartAt\": \"P\", \"States\": { \"P\": { \"Type\": \"Pass\", \"End\": true } } }");
    api.put("/state-machines/pass", new JsonObject().put("definition", pass));
  }

  private Api.Reply assertInvalid(JsonObject body, String code) {
    Api.Reply reply = api.put("/schedules/bad", body);
    assertEquals(400, reply.status(), () -> body + " -> " + reply.body());
    assertTrue(reply.contentType().startsWith("application/problem+json"), reply.contentType());
    assertEquals(code, reply.code(), () -> reply.body().toString());
    return reply;
  }
}
