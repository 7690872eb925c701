package io.ordo.deploy.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.ordo.deploy.Api;
import io.ordo.deploy.TestNode;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpMethod;
import io.vertx.core.json.JsonObject;
import java.nio.charset.StandardCharsets;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * How the node reads a request's headers, parameters and body bytes (the hostile-input probe's
 * findings): each as the client sent it, and what cannot be read unambiguously refused with a
 * problem, nothing of it stored or run.
 */
class RequestReadingApiTest extends NodeApiTest {
  private static final String AUTH = "Authorization: Bearer " + TestNode.OPERATOR + "\r\n";
  private static final String NO_ID = "0192f2a8-aaaa-7bbb-8ccc-000000000000";

  @BeforeEach
  void holdTheParallelQueue() {
    setParallelActive(api, false);
  }

  @Test
  void aMultipartBody_is415_onRoutesWhoseBodyIsOptionalOrRequired() throws Exception {
    putPassStateMachine("mp");
    String json = "{\"input\":{\"important\":1},\"name\":\"mp-test\"}";
    String form =
        "--x\r\nContent-Disposition: form-data; name=\"input\"\r\n\r\n{\"important\":1}\r\n--x--\r\n";
    // an optional body: the execution ran with input {} and a generated name
    for (String body : List.of(json, form)) {
      assertProblem(
          multipart("POST /api/v1/state-machines/mp/executions", body),
          415,
          "unsupported_media_type",
          "multipart/form-data");
    }
    assertEquals(0, api.get("/state-machines/mp/executions").array().size());
    for (String target :
        List.of(
            "POST /api/v1/executions/" + NO_ID + "/stop",
            "POST /api/v1/tasks/" + NO_ID + "/rerun",
            "POST /api/v1/tasks/" + NO_ID + "/release",
            "POST /api/v1/parallel-queue/tasks",
            "PUT /api/v1/parallel-queue/active")) {
      // a required body was "required" although one was sent
      assertProblem(multipart(target, json), 415, "unsupported_media_type", "multipart");
    }
    assertEquals(0, api.get("/parallel-queue").json().getInteger("waitingCount"));
  }

  @Test
  void aFormBody_onAMethodWithoutForms_is415AsOnPost_neverA500() throws Exception {
    // Vert.x decodes forms of POST, PUT, PATCH and DELETE only: its body handler threw on a GET's
    // (an IllegalStateException, answered 500 internal)
    for (String type :
        List.of("application/x-www-form-urlencoded", "multipart/form-data; boundary=x")) {
      for (String target :
          List.of(
              "GET /api/v1/runners",
              "OPTIONS /api/v1/runners",
              "GET /api/v1/no-such-thing",
              "POST /api/v1/parallel-queue/tasks")) {
        assertProblem(raw(target, type, "a=1"), 415, "unsupported_media_type", type.split(";")[0]);
      }
      Api.Reply head = raw("HEAD /api/v1/runners", type, "a=1");
      assertEquals(415, head.status(), head::toString);
      assertEquals("application/problem+json", head.contentType());
      // a form's media type without a body is no body: the request is answered as one without
      Api.Reply empty = raw("GET /api/v1/runners", type, "");
      assertEquals(200, empty.status(), () -> empty.body().toString());
    }
    assertEquals(0, api.get("/parallel-queue").json().getInteger("waitingCount"));
  }

  @Test
  void aPercentInAHeader_isText_andAnEncodedPercentInAQuery_isOnePercent() {
    Map<String, String> key = Map.of("Idempotency-Key", "50%off");
    Api.Reply first = api.send(HttpMethod.POST, "/parallel-queue/tasks", task("Echo"), key);
    assertEquals(201, first.status(), () -> first.body().toString());
    Api.Reply again = api.send(HttpMethod.POST, "/parallel-queue/tasks", task("Echo"), key);
    assertEquals(first.json().getString("messageId"), again.json().getString("messageId"));
    assertEquals(1, api.get("/parallel-queue").json().getInteger("waitingCount"));

    Api.Reply percent = api.get("/tasks?taskClassName=100%25");
    assertEquals(200, percent.status(), () -> percent.body().toString());
    assertEquals(0, percent.json().getJsonArray("tasks").size());
    String id = first.json().getString("messageId");
    // a header that is no number is refused as such, not as a malformed escape
    Api.Reply stream =
        api.send(
            HttpMethod.GET, "/tasks/" + id + "/history/stream", null, Map.of("Last-Event-ID", "%"));
    assertProblem(stream, 400, "invalid_request", "header parameter Last-Event-ID");
  }

  @Test
  void stringParameters_thatReadAsJsonNumbers_areStrings() {
    for (String name : List.of("-1", "1.5", "2.0")) {
      Api.Reply put = putPassStateMachine(name);
      assertEquals(name, put.json().getString("name"), () -> put.body().toString());
      assertEquals(200, api.get("/state-machines/" + name).status(), name);
    }
    Api.Reply schedule =
        api.put(
            "/schedules/1.5",
            new JsonObject()
                .put("intervalSeconds", 3600)
                .put(
                    "task",
                    new JsonObject().put("queue", "parallel").put("taskClassName", "Echo")));
    assertEquals(201, schedule.status(), () -> schedule.body().toString());
    assertProblem(api.get("/tasks/-1"), 404, "invalid_task");
    assertProblem(api.get("/executions/1.5"), 404, "not_found");
    Api.Reply list = api.get("/executions?stateMachine=1.5");
    assertEquals(200, list.status(), () -> list.body().toString());
    assertEquals(0, list.json().getJsonArray("executions").size());
    // a string is checked against its pattern as the string it is
    assertProblem(api.get("/executions?stateMachine=%7B%7D"), 400, "invalid_request", "pattern");
  }

  @Test
  void aSingleValuedQueryParameterGivenTwice_isRefused_namingIt() {
    String id = registerParallel(api, task("Echo")).getString("messageId");
    assertProblem(api.get("/tasks?limit=5&limit=abc"), 400, "invalid_request", "limit", "once");
    assertProblem(
        api.get("/queues/stats?window=PT1H&window=PT2H"), 400, "invalid_request", "window");
    assertProblem(
        api.post(
            "/tasks/" + id + "/release?queue=parallel&queue=serial",
            new JsonObject().put("reentry", false).put("stop", false)),
        400,
        "invalid_request",
        "queue");
    assertEquals("WAITING", api.get("/tasks/" + id).json().getString("state"));
    // a list parameter may be repeated
    Api.Reply statuses = api.get("/tasks?status=WAITING&status=RUNNING");
    assertEquals(200, statuses.status(), () -> statuses.body().toString());
    assertEquals(1, statuses.json().getJsonArray("tasks").size());
  }

  @Test
  void aTimeFilterOutsideItsRange_isRefused_namingTheRange() {
    for (String path :
        List.of("/tasks?since=0001-01-01T00:00:00Z", "/executions?until=9999-12-31T00:00:00Z")) {
      assertProblem(
          api.get(path), 400, "invalid_request", "0001-01-02T00:00:00Z", "9999-12-30T00:00:00Z");
    }
    assertEquals(200, api.get("/tasks?since=0001-01-02T00:00:00Z").status());
    assertEquals(200, api.get("/executions?until=9999-12-30T00:00:00Z").status());
  }

  @Test
  void aBodyWithAComment_isNotJson() {
    for (String body :
        List.of(
            "{/*c*/\"taskClassName\":\"Echo\"}",
            "{\"taskClassName\":\"Echo\"}// c",
            "{\"taskClassName\"://c\n\"Echo\"}")) {
      assertProblem(
          api.post("/parallel-queue/tasks", body), 400, "invalid_request", "not valid JSON");
    }
    assertEquals(0, api.get("/parallel-queue").json().getInteger("waitingCount"));
    // a slash inside a string is text
    Api.Reply text =
        api.post("/parallel-queue/tasks", task("Echo", new JsonObject().put("c", "/*x*/")));
    assertEquals(201, text.status(), () -> text.body().toString());
  }

  @Test
  void twoHostOrContentTypeHeaders_areRefused() throws Exception {
    String twoHosts =
        RawHttp.exchange(
            node.httpPort(),
            "GET /api/v1/status?limit=0 HTTP/1.1\r\nHost: a\r\nHost: b\r\n"
                + AUTH
                + "Connection: close\r\n\r\n");
    assertProblem(RawHttp.reply(twoHosts), 400, "invalid_request", "one Host header");
    String body = task("Echo").encode();
    String twoTypes =
        RawHttp.exchange(
            node.httpPort(),
            "POST /api/v1/parallel-queue/tasks HTTP/1.1\r\nHost: x\r\n"
                + AUTH
                + "Content-Type: application/json\r\nContent-Type: text/plain\r\nContent-Length: "
                + body.length()
                + "\r\nConnection: close\r\n\r\n"
                + body);
    assertProblem(RawHttp.reply(twoTypes), 400, "invalid_request", "one Content-Type header");
    assertEquals(0, api.get("/parallel-queue").json().getInteger("waitingCount"));
  }

  @Test
  void aBodyThatIsNotWellFormedUtf8_isRefused_soByteDistinctValuesNeverCollide() {
    // overlong '/' (two and three bytes), overlong '.', a UTF-16 surrogate encoded in UTF-8,
    // past U+10FFFF
    for (String bytes : List.of("c0af", "e080af", "c0aec0ae", "eda080", "f4908080")) {
      Api.Reply key =
          api.post(
              "/parallel-queue/tasks",
              body("{\"taskClassName\":\"Echo\",\"idempotencyKey\":\"ovl", bytes, "\"}"));
      assertProblem(key, 400, "invalid_request", "not valid UTF-8");
    }
    assertProblem(
        api.post("/parallel-queue/tasks", body("{\"jsPath\":\"h", "c0af", "res.js\"}")),
        400,
        "invalid_request",
        "UTF-8");
    assertEquals(0, api.get("/parallel-queue").json().getInteger("waitingCount"));

    // well-formed characters of two, three and four bytes are kept
    String text = "ovlø日\ud83d\ude00";
    JsonObject info =
        registerParallel(
            api, task("Echo", new JsonObject().put("s", text)).put("idempotencyKey", text));
    assertEquals(text, info.getJsonObject("parameter").getString("s"), info::encode);
    String slash =
        registerParallel(api, task("Echo").put("idempotencyKey", "ovl/")).getString("messageId");
    assertNotEquals(info.getString("messageId"), slash, "two keys, two messages");
  }

  /** A state machine of one Pass state, put under {@code name}, asserting 201. */
  private Api.Reply putPassStateMachine(String name) {
    Api.Reply reply =
        api.put(
            "/state-machines/" + name,
            new JsonObject(
                "{\"definition\":{\"StartAt\":\"P\",\"States\":{\"P\":{\"Type\":\"Pass\",\"End\":true}}}}"));
    assertEquals(201, reply.status(), () -> name + ": " + reply.body());
    return reply;
  }

  /** A request line's request with {@code body} sent as multipart/form-data. */
  private Api.Reply multipart(String methodAndTarget, String body) throws Exception {
    return raw(methodAndTarget, "multipart/form-data; boundary=x", body);
  }

  /** A request line's request with {@code body} sent as the media type given. */
  private Api.Reply raw(String methodAndTarget, String contentType, String body) throws Exception {
    String response =
        RawHttp.exchange(
            node.httpPort(),
            methodAndTarget
                + " HTTP/1.1\r\nHost: x\r\n"
                + AUTH
                + "Content-Type: "
                + contentType
                + "\r\nContent-Length: "
                + body.getBytes(StandardCharsets.UTF_8).length
                + "\r\nConnection: close\r\n\r\n"
                + body);
    Api.Reply reply = RawHttp.reply(response);
    assertTrue(reply.status() > 0, response);
    return reply;
  }

  /** Text, the bytes of a hex string, and text again, as one body. */
  private static Buffer body(String before, String hex, String after) {
    return Buffer.buffer(before)
        .appendBytes(HexFormat.of().parseHex(hex))
        .appendBuffer(Buffer.buffer(after));
  }
}
