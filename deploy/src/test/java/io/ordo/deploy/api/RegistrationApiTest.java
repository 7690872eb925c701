package io.ordo.deploy.api;

import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.ordo.deploy.Api;
import io.ordo.testing.TestDatabase;
import io.vertx.core.http.HttpMethod;
import io.vertx.core.json.JsonObject;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * SPEC 3.2 and 3.6: what a registration stores and answers (ids, times, task info, task types,
 * registration context, timeouts). The parallel queue is inactive so that messages stay WAITING.
 */
class RegistrationApiTest extends NodeApiTest {
  private static final String ECHO_CLASS = "io.ordo.samples.EchoTask";
  private static final Duration CLOCK_SLACK = Duration.ofSeconds(5);

  @BeforeEach
  void holdTheParallelQueue() {
    setParallelActive(api, false);
  }

  @Test
  void identicalMessages_getDistinctIds() {
    JsonObject body = task("Echo", new JsonObject().put("same", true));
    Api.Reply first = api.post("/parallel-queue/tasks", body);
    Api.Reply second = api.post("/parallel-queue/tasks", body);
    assertEquals(201, first.status(), () -> first.body().toString());
    assertEquals(201, second.status(), () -> second.body().toString());
    String a = first.json().getString("messageId");
    String b = second.json().getString("messageId");
    assertNotNull(a);
    assertNotEquals(a, b);
    assertEquals("/api/v1/tasks/" + a, first.headers().get("Location"));
    assertEquals(
        List.of(a, b), ids(api.get("/parallel-queue").json().getJsonArray("waitingTasks")));
  }

  @Test
  void parallelTaskInfo_hasEveryField() {
    Instant before = Instant.now();
    JsonObject info = registerParallel(api, task("Echo", new JsonObject().put("n", 1)));
    Instant after = Instant.now();

    assertNotNull(UUID.fromString(info.getString("messageId")));
    assertEquals("parallel", info.getString("queue"));
    assertNull(info.getValue("queueId"));
    assertEquals("WAITING", info.getString("state"));
    assertEquals(ECHO_CLASS, info.getString("taskClassName"));
    assertNull(info.getValue("jsPath"));
    assertEquals(new JsonObject().put("n", 1), info.getJsonObject("parameter"));
    assertNotEquals(
        Boolean.TRUE,
        info.getValue("stopProgressOnError"),
        "a parallel message never stops its queue");
    Instant sent = Instant.parse(info.getString("sentTime"));
    Instant received = Instant.parse(info.getString("receivedTime"));
    assertWithin(sent, before, after);
    assertWithin(received, before, after);
    assertFalse(received.isBefore(sent), "received " + received + " before sent " + sent);
    for (String unset :
        List.of("node", "acceptTime", "startTime", "lastHeartbeatTime", "heartbeatDetails")) {
      assertTrue(info.containsKey(unset), () -> unset + " is in the task info: " + info);
      assertNull(info.getValue(unset), () -> unset + " is null before acceptance: " + info);
    }
    assertEquals(0, info.getInteger("attempt"));
    assertEquals(
        new JsonObject()
            .put("scheduleToStart", "NONE")
            .put("startToClose", "NONE")
            .put("heartbeat", "NONE")
            .put("scheduleToClose", "NONE"),
        info.getJsonObject("timeouts"));

    Api.Reply read = api.get("/tasks/" + info.getString("messageId"));
    assertEquals(200, read.status());
    assertEquals(info, read.json(), "GET answers what the registration answered");
  }

  @Test
  void serialTaskInfo_namesItsQueueAndStopFlag() {
    addSerialQueue(api, "reg.serial", false);
    JsonObject stopping =
        registerSerial(api, "reg.serial", task("Echo").put("stopProgressOnError", true));
    JsonObject plain = registerSerial(api, "reg.serial", task("Echo"));

    assertEquals("serial", stopping.getString("queue"));
    assertEquals("reg.serial", stopping.getString("queueId"));
    assertEquals(true, stopping.getBoolean("stopProgressOnError"));
    assertEquals(false, plain.getBoolean("stopProgressOnError"), "the default is false");
    assertNull(stopping.getValue("parameter"));
    assertEquals("WAITING", stopping.getString("state"));
  }

  @Test
  void sentTime_suppliedByTheClient_isKept() {
    String sent = "2024-02-29T12:34:56.789Z";
    JsonObject info = registerParallel(api, task("Echo").put("sentTime", sent));
    assertEquals(Instant.parse(sent), Instant.parse(info.getString("sentTime")));
    Instant received = Instant.parse(info.getString("receivedTime"));
    assertWithin(received, Instant.now().minusSeconds(60), Instant.now());
    JsonObject read = api.get("/tasks/" + info.getString("messageId")).json();
    assertEquals(Instant.parse(sent), Instant.parse(read.getString("sentTime")));
  }

  @Test
  void sentTime_finerThanAMicrosecond_readsTheSame_liveAndOnceEnded() {
    // before 2000 the pg client rounded the nanoseconds up (0000-12-31T23:59:59.9999999Z read
    // 0001-01-01T00:00:00Z), after it down, while the ended task showed them as given
    for (String[] sentAndKept :
        List.of(
            new String[] {"9999-12-29T23:59:59.999999999Z", "9999-12-29T23:59:59.999999Z"},
            new String[] {"0001-01-02T23:59:59.9999999Z", "0001-01-02T23:59:59.999999Z"},
            new String[] {"2024-02-29T12:34:56.123456789Z", "2024-02-29T12:34:56.123456Z"})) {
      JsonObject info = registerParallel(api, task("Echo").put("sentTime", sentAndKept[0]));
      String id = info.getString("messageId");
      assertEquals(sentAndKept[1], info.getString("sentTime"), "answered");
      assertEquals(sentAndKept[1], api.get("/tasks/" + id).json().getString("sentTime"), "live");
      assertEquals(204, api.delete("/tasks/" + id).status());
      assertEquals(sentAndKept[1], awaitState(id, "DISPOSED").getString("sentTime"), "ended");
    }
  }

  @Test
  void sentTime_outsideTheRangeOfTheLists_isRefused_namingTheRange() {
    for (String sent :
        List.of(
            "0000-12-31T23:59:59.9999999Z",
            "0001-01-01T00:00:00Z",
            "9999-12-30T00:00:00.000001Z",
            "9999-12-31T23:59:59.999999999Z")) {
      assertProblem(
          api.post("/parallel-queue/tasks", task("Echo").put("sentTime", sent)),
          400,
          "invalid_request",
          "sentTime",
          "0001-01-02T00:00:00Z",
          "9999-12-30T00:00:00Z");
    }
    assertEquals(0, api.get("/parallel-queue").json().getInteger("waitingCount"));
    for (String bound : List.of("0001-01-02T00:00:00Z", "9999-12-30T00:00:00Z")) {
      assertEquals(
          bound, registerParallel(api, task("Echo").put("sentTime", bound)).getString("sentTime"));
    }
  }

  @Test
  void sentTime_malformed_isRefused() {
    assertProblem(
        api.post("/parallel-queue/tasks", task("Echo").put("sentTime", "yesterday noon")),
        400,
        "invalid_request",
        "sentTime");
    assertEquals(0, api.get("/parallel-queue").json().getInteger("waitingCount"));
  }

  @Test
  void exactlyOneOfTaskClassNameAndJsPath_isRequired() {
    assertProblem(
        api.post("/parallel-queue/tasks", new JsonObject().put("parameter", new JsonObject())),
        400,
        "invalid_request",
        "taskClassName");
    assertProblem(
        api.post("/parallel-queue/tasks", task("Echo").put("jsPath", "hello.js")),
        400,
        "invalid_request",
        "jsPath");
    addSerialQueue(api, "reg.one", false);
    assertProblem(
        api.post("/serial-queues/reg.one/tasks", new JsonObject()),
        400,
        "invalid_request",
        "taskClassName");
    assertEquals(0, api.get("/parallel-queue").json().getInteger("waitingCount"));
    assertEquals(0, api.get("/serial-queues/reg.one").json().getInteger("waitingCount"));
  }

  @Test
  void unknownTaskType_isRefused_andNothingStored() {
    for (String unknown : List.of("NoSuchTask", "io.ordo.samples.Missing", "java.lang.Thread")) {
      assertProblem(
          api.post("/parallel-queue/tasks", task(unknown)), 400, "unknown_task_type", unknown);
    }
    addSerialQueue(api, "reg.unknown", false);
    assertProblem(
        api.post("/serial-queues/reg.unknown/tasks", task("NoSuchTask")),
        400,
        "unknown_task_type",
        "NoSuchTask");
    assertEquals(0, api.get("/parallel-queue").json().getInteger("waitingCount"));
    assertEquals(0, api.get("/serial-queues/reg.unknown").json().getInteger("waitingCount"));
  }

  @Test
  void anUnknownTaskType_thatIsAKnownOnesSimpleNameOrAnotherCase_isRefusedNamingTheKnownOne() {
    assertEquals(
        "no runner knows the task type 'EchoTask' (did you mean 'io.ordo.samples.EchoTask'?);"
            + " GET /api/v1/task-types lists the known ones",
        api.post("/parallel-queue/tasks", task("EchoTask")).json().getString("detail"));
    assertEquals(
        "no runner knows the task type 'echo' (did you mean 'Echo'?);"
            + " GET /api/v1/task-types lists the known ones",
        api.post("/parallel-queue/tasks", task("echo")).json().getString("detail"));
    assertEquals(
        "no runner knows the task type 'NoSuchTask'; GET /api/v1/task-types lists the known ones",
        api.post("/parallel-queue/tasks", task("NoSuchTask")).json().getString("detail"));
    assertEquals(0, api.get("/parallel-queue").json().getInteger("waitingCount"));
  }

  @Test
  void aliasAndClassName_nameTheSameTaskType() {
    Api.Reply types = api.get("/task-types");
    assertEquals(200, types.status());
    JsonObject echo =
        types.array().stream()
            .map(JsonObject.class::cast)
            .filter(t -> ECHO_CLASS.equals(t.getString("taskClassName")))
            .findFirst()
            .orElseThrow(() -> new AssertionError("Echo is not listed: " + types.body()));
    assertTrue(echo.getJsonArray("aliases").contains("Echo"), echo::encode);

    JsonObject byAlias = registerParallel(api, task("Echo"));
    JsonObject byClass = registerParallel(api, task(ECHO_CLASS));
    assertEquals(ECHO_CLASS, byAlias.getString("taskClassName"));
    assertEquals(ECHO_CLASS, byClass.getString("taskClassName"));
    for (String alias : List.of("Sleep", "Fail", "Add", "Subtract", "Heartbeat", "Record")) {
      registerParallel(api, task(alias));
    }
  }

  @Test
  void registrationContext_fromBodyAndTraceparent_isStored() {
    String traceId = "4bf92f3577b34da6a3ce929d0e0e4736";
    JsonObject body =
        task("Echo")
            .put(
                "context",
                new JsonObject()
                    .put("locale", "de-CH")
                    .put("timeZone", "Europe/Zurich")
                    .put(
                        "attributes", new JsonObject().put("customer", "c-42").put("priority", 3)));
    Api.Reply reply =
        api.send(
            HttpMethod.POST,
            "/parallel-queue/tasks",
            body,
            Map.of(
                "traceparent",
                "00-" + traceId + "-00f067aa0ba902b7-01",
                "Accept-Language",
                "fr-CA, fr;q=0.8"));
    assertEquals(201, reply.status(), () -> reply.body().toString());

    JsonObject context = storedContext(reply.json().getString("messageId"));

    assertEquals("de-CH", context.getString("locale"), "the body's locale wins over the header");
    assertEquals("Europe/Zurich", context.getString("time_zone"));
    assertEquals(traceId, context.getString("trace_id"));
    assertEquals(
        new JsonObject().put("customer", "c-42").put("priority", 3),
        new JsonObject(context.getString("attributes")));
    assertNotNull(context.getString("principal"), "the authenticated principal is stored");
  }

  @Test
  void registrationContext_localeFromAcceptLanguage() {
    Api.Reply reply =
        api.send(
            HttpMethod.POST,
            "/parallel-queue/tasks",
            task("Echo"),
            Map.of("Accept-Language", "fr-CA, fr;q=0.8, en;q=0.5"));
    assertEquals(201, reply.status(), () -> reply.body().toString());

    JsonObject context = storedContext(reply.json().getString("messageId"));

    assertEquals("fr-CA", context.getString("locale"));
    assertNull(context.getValue("trace_id"), "no traceparent, no trace id");
  }

  @Test
  void registrationContext_localeIsTheLanguageOfTheHighestWeight() {
    JsonObject body = task("Echo");
    assertEquals(
        "de-CH", storedLocale(body, "*;q=1, en;q=0.5, de-ch;q=0.9, fr;q=0"), "not the wildcard");
  }

  @Test
  void registrationContext_anAcceptLanguageThatCannotBeRead_isIgnored() {
    for (String header : List.of(",", ";", ",,", " ; ", ";;;", "de;q=x", "1234567890")) {
      for (JsonObject body :
          List.of(
              task("Echo"), task("Echo").put("context", new JsonObject().put("locale", "it")))) {
        assertEquals(body.containsKey("context") ? "it" : null, storedLocale(body, header), header);
      }
    }
  }

  /** Registers {@code body} with the Accept-Language header; answers the locale stored. */
  private String storedLocale(JsonObject body, String acceptLanguage) {
    Api.Reply reply =
        api.send(
            HttpMethod.POST,
            "/parallel-queue/tasks",
            body,
            Map.of("Accept-Language", acceptLanguage));
    assertEquals(201, reply.status(), () -> acceptLanguage + ": " + reply.body());
    return storedContext(reply.json().getString("messageId")).getString("locale");
  }

  @Test
  void registrationContext_malformedTraceparent_isIgnored() {
    // W3C Trace Context: an all-zero trace id or parent id is invalid, like a malformed header
    for (String header :
        List.of(
            "not-a-traceparent",
            "00-00000000000000000000000000000000-0000000000000000-00",
            "00-4bf92f3577b34da6a3ce929d0e0e4736-0000000000000000-01")) {
      Api.Reply reply =
          api.send(
              HttpMethod.POST,
              "/parallel-queue/tasks",
              task("Echo"),
              Map.of("traceparent", header));
      assertEquals(201, reply.status(), () -> reply.body().toString());
      JsonObject context = storedContext(reply.json().getString("messageId"));
      assertNull(context.getValue("trace_id"), header);
      assertNull(context.getValue("traceparent"), header);
    }
  }

  @Test
  void refusedRegistration_amongConcurrentOnes_refusesOnlyItself() throws Exception {
    addSerialQueue(api, "reg.batch", false);
    List<Api.Reply> replies =
        Concurrently.run(
            30,
            i ->
                i % 10 == 3
                    ? api.post("/serial-queues/reg.missing/tasks", task("Echo"))
                    : api.post("/serial-queues/reg.batch/tasks", task("Echo")));
    List<Integer> statuses = replies.stream().map(Api.Reply::status).toList();
    List<String> created = new ArrayList<>();
    for (int i = 0; i < replies.size(); i++) {
      if (i % 10 != 3) {
        assertEquals(201, replies.get(i).status(), () -> "statuses " + statuses);
        created.add(replies.get(i).json().getString("messageId"));
      }
    }
    assertEquals(
        Set.copyOf(created),
        Set.copyOf(ids(api.get("/serial-queues/reg.batch").json().getJsonArray("waitingTasks"))));
    for (int i = 3; i < replies.size(); i += 10) {
      assertProblem(replies.get(i), 404, "queue_not_found", "reg.missing");
    }
  }

  @Test
  void registrationContext_invalidTimeZoneOrLocale_isRefused() {
    assertProblem(
        api.post(
            "/parallel-queue/tasks",
            task("Echo").put("context", new JsonObject().put("timeZone", "Mars/Olympus_Mons"))),
        400,
        "invalid_request",
        "timeZone");
    assertProblem(
        api.post(
            "/parallel-queue/tasks",
            task("Echo").put("context", new JsonObject().put("locale", "not a locale!"))),
        400,
        "invalid_request",
        "locale");
    assertProblem(
        api.post(
            "/parallel-queue/tasks",
            task("Echo").put("context", new JsonObject().put("attributes", "not an object"))),
        400,
        "invalid_request",
        "context");
    assertEquals(0, api.get("/parallel-queue").json().getInteger("waitingCount"));
  }

  @Test
  void registrationContext_attributesNotAnObject_problemDetailNamesAttributes() {
    assertProblem(
        api.post(
            "/parallel-queue/tasks",
            task("Echo").put("context", new JsonObject().put("attributes", "not an object"))),
        400,
        "invalid_request",
        "attributes");
  }

  @Test
  void timeouts_validValues_areKept() {
    JsonObject timeouts =
        new JsonObject()
            .put("scheduleToStart", 1)
            .put("startToClose", 31_536_000)
            .put("heartbeat", "NONE")
            .put("scheduleToClose", 3600);
    JsonObject info = registerParallel(api, task("Echo").put("timeouts", timeouts));
    assertEquals(timeouts, info.getJsonObject("timeouts"));
    JsonObject partial =
        registerParallel(api, task("Echo").put("timeouts", new JsonObject().put("heartbeat", 30)));
    assertEquals(
        new JsonObject()
            .put("scheduleToStart", "NONE")
            .put("startToClose", "NONE")
            .put("heartbeat", 30)
            .put("scheduleToClose", "NONE"),
        partial.getJsonObject("timeouts"));
  }

  @Test
  void timeouts_invalidValues_areRefused() {
    for (JsonObject timeouts : invalidTimeouts()) {
      JsonObject body = task("Echo").put("timeouts", timeouts);
      assertProblem(api.post("/parallel-queue/tasks", body), 400, "invalid_request", "timeouts");
    }
    assertProblem(
        api.post("/parallel-queue/tasks", task("Echo").put("timeouts", "NONE")),
        400,
        "invalid_request",
        "timeouts");
    assertEquals(0, api.get("/parallel-queue").json().getInteger("waitingCount"));
  }

  @Test
  void timeouts_invalidValue_problemDetailNamesTheKey() {
    assertAll(
        invalidTimeouts().stream()
            .map(
                timeouts ->
                    () -> {
                      String key = timeouts.fieldNames().iterator().next();
                      assertProblem(
                          api.post("/parallel-queue/tasks", task("Echo").put("timeouts", timeouts)),
                          400,
                          "invalid_request",
                          key);
                    }));
  }

  /** One bad entry each: 0, negative, over a year, fractional, wrong types, an unknown key. */
  private static List<JsonObject> invalidTimeouts() {
    return List.of(
        new JsonObject().put("scheduleToStart", 0),
        new JsonObject().put("startToClose", -5),
        new JsonObject().put("heartbeat", 31_536_001),
        new JsonObject().put("scheduleToClose", 1.5),
        new JsonObject().put("startToClose", "10s"),
        new JsonObject().put("heartbeat", "none"),
        new JsonObject().put("scheduleToStart", true),
        new JsonObject().put("scheduleToClose", new JsonObject()),
        new JsonObject().put("sometime", 10));
  }

  /** The stored registration context of a message, read behind the API's back. */
  private static JsonObject storedContext(String messageId) {
    return TestDatabase.execute(
        connection -> {
          try (PreparedStatement select =
              connection.prepareStatement(
                  "SELECT principal, locale, time_zone, trace_id, attributes::text, traceparent"
                      + " FROM im_async_context_info WHERE message_id = ?::uuid")) {
            select.setString(1, messageId);
            try (ResultSet row = select.executeQuery()) {
              assertTrue(row.next(), "a context is stored for " + messageId);
              return new JsonObject()
                  .put("principal", row.getString(1))
                  .put("locale", row.getString(2))
                  .put("time_zone", row.getString(3))
                  .put("trace_id", row.getString(4))
                  .put("attributes", row.getString(5))
                  .put("traceparent", row.getString(6));
            }
          }
        });
  }

  private static void assertWithin(Instant time, Instant from, Instant to) {
    assertTrue(
        !time.isBefore(from.minus(CLOCK_SLACK)) && !time.isAfter(to.plus(CLOCK_SLACK)),
        () -> time + " is not between " + from + " and " + to);
  }
}
