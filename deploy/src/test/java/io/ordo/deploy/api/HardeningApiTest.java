package io.ordo.deploy.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.ordo.config.TokenEntries;
import io.ordo.deploy.Api;
import io.ordo.deploy.TestNode;
import io.vertx.core.http.HttpMethod;
import io.vertx.core.json.JsonObject;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Issue 14: hostile values in the corners of the API each get a clear 4xx, and nothing of them is
 * stored.
 */
class HardeningApiTest extends NodeApiTest {
  private static final String NUL = "\u0000";
  private static final String AUTH = "Authorization: Bearer " + TestNode.OPERATOR + "\r\n";

  @BeforeEach
  void holdTheParallelQueue() {
    setParallelActive(api, false);
  }

  @Test
  void nul_inAnyBodyText_isRefused_namingTheField() {
    assertProblem(
        api.post("/parallel-queue/tasks", task("Echo", new JsonObject().put("x", "a" + NUL))),
        400,
        "invalid_parameter",
        "/parameter/x",
        "NUL");
    assertProblem(
        api.post("/parallel-queue/tasks", task("Echo", new JsonObject().put("k" + NUL, 1))),
        400,
        "invalid_parameter",
        "NUL");
    assertProblem(
        api.post(
            "/parallel-queue/tasks",
            task("Echo")
                .put(
                    "context", new JsonObject().put("attributes", new JsonObject().put("a", NUL)))),
        400,
        "invalid_request",
        "/context/attributes/a");
    assertProblem(
        api.post("/parallel-queue/tasks", task("Echo").put("idempotencyKey", "k" + NUL)),
        400,
        "invalid_request",
        "/idempotencyKey");
    assertProblem(
        api.put(
            "/state-machines/nul",
            new JsonObject()
                .put(
                    "definition",
                    new JsonObject()
                        .put("StartAt", "a" + NUL)
                        .put(
                            "States",
                            new JsonObject()
                                .put(
                                    "a" + NUL,
                                    new JsonObject().put("Type", "Pass").put("End", true))))),
        400,
        "invalid_request",
        "/definition/StartAt");
    assertProblem(
        api.post("/state-machines/nul/executions", new JsonObject().put("input", "x" + NUL)),
        400,
        "invalid_request",
        "/input");
    assertProblem(
        api.post(
            "/executions/0192f2a8-aaaa-7bbb-8ccc-000000000000/stop",
            new JsonObject().put("error", "E").put("cause", NUL)),
        400,
        "invalid_request",
        "/cause");
    assertProblem(api.get("/serial-queues/a%00b"), 400, "invalid_request", "NUL");
    assertProblem(api.get("/parallel-queue?limit=1%00"), 400, "invalid_request", "NUL");
    assertEquals(0, api.get("/parallel-queue").json().getInteger("waitingCount"));
  }

  @Test
  void head_answersAsGetWould_withoutTheBody() {
    Api.Reply get = api.get("/parallel-queue");
    Api.Reply head = api.send(HttpMethod.HEAD, "/parallel-queue", null);
    assertEquals(200, head.status());
    assertEquals(get.headers().get("content-type"), head.headers().get("content-type"));
    assertEquals(0, head.body().length());

    Api.Reply missing =
        api.send(HttpMethod.HEAD, "/executions/0192f2a8-aaaa-7bbb-8ccc-000000000000", null);
    assertEquals(404, missing.status());
    assertEquals("application/problem+json", missing.headers().get("content-type"));
    assertEquals(0, missing.body().length());

    assertEquals(200, api.as(null).send(HttpMethod.HEAD, "/openapi.yaml", null).status());
    // a path without GET: as a GET would be
    Api.Reply post = api.send(HttpMethod.HEAD, "/parallel-queue/tasks", null);
    assertEquals(405, post.status());
    assertEquals("POST, OPTIONS", post.headers().get("Allow"));
    assertEquals(0, api.get("/parallel-queue").json().getInteger("waitingCount"));
  }

  @Test
  void aPathWithADotSegment_isRefused_notRoutedToAnotherResource() {
    // routing removes dot segments: "/tasks/.." was "/api/v1/" (a 405 naming the raw path with
    // methods it did not have), "/tasks/%2e" the task list
    for (String path :
        List.of("/tasks/..", "/tasks/%2e", "/tasks/%2E%2E", "/state-machines/../executions")) {
      assertProblem(api.get(path), 400, "invalid_request", "'.' or '..' segment");
    }
    assertProblem(
        api.post("/tasks/%2e/release", new JsonObject().put("reentry", false).put("stop", false)),
        400,
        "invalid_request",
        "'.' or '..' segment");
    assertEquals(200, api.get("/tasks").status());
  }

  @Test
  void unpairedSurrogates_inAnyBodyText_areRefused_namingTheField_whilePairsAreKept() {
    // JSON's escapes can spell half a character; stored as UTF-8 it became '?', so the keys
    // "k\ud800" and "k\udbff" were one idempotency key.
    assertProblem(
        postEcho("{\"a\":\"x\\ud800y\"}"),
        400,
        "invalid_parameter",
        "/parameter/a",
        "unpaired UTF-16 surrogate (\\ud800)");
    assertProblem(postEcho("{\"\\udfff\":1}"), 400, "invalid_parameter", "/parameter/\\udfff");
    assertProblem(
        api.post(
            "/parallel-queue/tasks",
            "{\"taskClassName\":\"Echo\",\"idempotencyKey\":\"k\\udbff\"}"),
        400,
        "invalid_request",
        "/idempotencyKey");
    assertProblem(
        api.post("/state-machines/s/executions", "{\"input\":{\"x\":\"\\ud83d\"}}"),
        400,
        "invalid_request",
        "/input/x");
    assertEquals(0, api.get("/parallel-queue").json().getInteger("waitingCount"));

    Api.Reply kept = postEcho("{\"a\":\"x\\ud83d\\ude00y\"}");
    assertEquals(201, kept.status(), kept.body().toString());
    assertEquals(
        "x\ud83d\ude00y",
        kept.json().getJsonObject("parameter").getString("a"),
        kept.body().toString());
  }

  @Test
  void anApiPathAskedWithAnotherMethod_is405WithAllow_andOptionsListsItsMethods() {
    Api.Reply delete = api.send(HttpMethod.DELETE, "/parallel-queue/tasks", null);
    JsonObject problem = assertProblem(delete, 405, "method_not_allowed", "DELETE", "POST");
    assertEquals("POST, OPTIONS", delete.headers().get("Allow"));
    assertEquals(List.of("POST"), problem.getJsonArray("allowedMethods").getList());

    Api.Reply patch = api.send(HttpMethod.PATCH, "/serial-queues/some.queue", new JsonObject());
    assertProblem(patch, 405, "method_not_allowed");
    assertEquals("DELETE, GET, HEAD, OPTIONS", patch.headers().get("Allow"));

    Api.Reply options = api.send(HttpMethod.OPTIONS, "/serial-queues", null);
    assertEquals(204, options.status(), options.body().toString());
    assertEquals("GET, HEAD, POST, OPTIONS", options.headers().get("Allow"));

    assertProblem(api.send(HttpMethod.DELETE, "/no-such-thing", null), 404, "not_found");
    assertProblem(api.send(HttpMethod.OPTIONS, "/no-such-thing", null), 404, "not_found");
    assertEquals(0, api.get("/serial-queues").array().size(), "nothing was created");
  }

  @Test
  void aMemberNamedTwiceInOneObject_isRefused_andNothingChanges() {
    // the test's queue is inactive (holdTheParallelQueue): last-one-wins would activate it
    Api.Reply twice = api.put("/parallel-queue/active", "{\"active\":false,\"active\":true}");
    assertProblem(twice, 400, "invalid_request", "'active' twice");
    assertEquals(false, api.get("/parallel-queue").json().getBoolean("isActive"));

    assertProblem(postEcho("{\"a\":[{\"k\":1,\"k\":2}]}"), 400, "invalid_request", "'k' twice");
    assertEquals(0, api.get("/parallel-queue").json().getInteger("waitingCount"));

    // the same name in different objects is no repetition
    Api.Reply apart = postEcho("{\"k\":{\"k\":1},\"l\":[{\"k\":2}]}");
    assertEquals(201, apart.status(), apart.body().toString());
  }

  /** Registers an Echo task whose parameter is the JSON text given, as a client sent it. */
  private Api.Reply postEcho(String parameterJson) {
    return api.post(
        "/parallel-queue/tasks",
        "{\"taskClassName\":\"Echo\",\"parameter\":" + parameterJson + "}");
  }

  @Test
  void queueIds_thatARouteCouldNotName_areRefusedAtCreation() {
    for (String id : List.of(".", "..", "-1", "1.5", "-0", "0.0", "_x", "a/b", "a b")) {
      assertProblem(
          api.post("/serial-queues", new JsonObject().put("queueId", id).put("active", true)),
          400,
          "invalid_request",
          "queueId");
    }
    assertEquals(0, api.get("/serial-queues").array().size(), "nothing was created");
    for (String id : List.of("q", "com.example.billing", "a..b", "urn:x:y", "Q-1_2")) {
      addSerialQueue(api, id, false);
      assertEquals(200, api.get("/serial-queues/" + id).status(), id);
      registerSerial(api, id, task("Echo"));
      assertEquals(200, api.put("/serial-queues/" + id + "/active", active(false)).status(), id);
    }
  }

  @Test
  void lossyNumbers_areRefusedAtRegistration() {
    assertProblem(postEcho("{\"x\":1e400}"), 400, "invalid_parameter", "/parameter/x");
    assertProblem(
        postEcho("{\"n\":[123456789012345678901234567890]}"),
        400,
        "invalid_parameter",
        "/parameter/n/0");
    assertProblem(postEcho("{\"x\":-1e309}"), 400, "invalid_parameter");
    JsonObject info =
        registerParallel(
            api,
            new JsonObject(
                "{\"taskClassName\":\"Echo\",\"parameter\":{\"max\":9223372036854775807,"
                    + "\"min\":-9223372036854775808,\"big\":9.2e18,\"small\":4.9e-324,"
                    + "\"fraction\":1.5,\"tiny\":1e-5}}"));
    JsonObject parameter = info.getJsonObject("parameter");
    assertEquals(Long.MAX_VALUE, parameter.getLong("max"));
    assertEquals(Long.MIN_VALUE, parameter.getLong("min"));
    assertEquals(9.2e18, parameter.getDouble("big"));
    assertEquals(1.5, parameter.getDouble("fraction"));
    assertEquals(1, api.get("/parallel-queue").json().getInteger("waitingCount"));
  }

  @Test
  void decimalsWhoseWholeValueIsPast64Bits_areRefusedLikeSuchIntegers_inEveryBody() {
    // jsonb keeps a number's value, not its writing: 1e19 was stored, and read back, as the
    // integer 10000000000000000000, which reached the Java task as a BigInteger
    for (String whole :
        List.of("1e19", "-1e19", "9.3e18", "1E+30", "1.7e308", "123456789012345678901.0")) {
      JsonObject problem =
          assertProblem(
              postEcho("{\"x\":" + whole + "}"),
              400,
              "invalid_parameter",
              "/parameter/x",
              "integers must fit in 64 bits");
      assertEquals(
          assertProblem(postEcho("{\"x\":9223372036854775808}"), 400, "invalid_parameter")
              .getString("detail"),
          problem.getString("detail"),
          "worded as for the integer");
    }
    assertProblem(
        api.post("/state-machines/big/executions", "{\"input\":{\"x\":1e19}}"),
        400,
        "invalid_request",
        "/input/x",
        "64 bits");
    assertProblem(
        api.put(
            "/schedules/big",
            "{\"cron\":\"0 3 * * *\",\"task\":{\"queue\":\"parallel\",\"taskClassName\":\"Echo\","
                + "\"parameter\":{\"x\":1e19}}}"),
        400,
        "invalid_parameter",
        "/task/parameter/x",
        "64 bits");
    assertEquals(0, api.get("/parallel-queue").json().getInteger("waitingCount"));
    assertEquals(404, api.get("/schedules/big").status());
  }

  @Test
  void nestingBeyondTheJsonLimit_isInvalidParameter() {
    String deep = "[".repeat(1200) + "]".repeat(1200);
    assertProblem(postEcho("{\"d\":" + deep + "}"), 400, "invalid_parameter", "nested");
  }

  @Test
  void problemDetails_neverCarryExceptionText() {
    for (Api.Reply reply :
        List.of(
            api.get("/parallel-queue?limit=5.5"),
            api.get("/status?limit=abc"),
            postEcho("[".repeat(2000)),
            api.put(
                "/state-machines/x",
                new JsonObject().put("definition", "{\"a\":" + "[".repeat(1500))))) {
      assertTrue(reply.status() >= 400 && reply.status() < 500, () -> reply.body().toString());
      String text = reply.body().toString();
      for (String leak :
          List.of(
              "Exception",
              "For input string",
              "at io.",
              "java.",
              "Jackson",
              "StreamReadConstraints")) {
        assertFalse(text.contains(leak), () -> leak + " in " + text);
      }
    }
  }

  @Test
  void aMalformedPercentEscape_isAProblem() throws Exception {
    String response =
        RawHttp.exchange(
            node.httpPort(), "GET /api/v1/tasks/%zz HTTP/1.1\r\nHost: x\r\n" + AUTH + "\r\n");
    assertEquals(400, RawHttp.status(response), response);
    assertTrue(response.toLowerCase().contains("application/problem+json"), response);
    assertTrue(response.contains("percent escape"), response);
  }

  @Test
  void expectOtherThanContinue_is417() throws Exception {
    String body = task("Echo").encode();
    Api.Reply reply =
        RawHttp.reply(
            RawHttp.exchange(
                node.httpPort(),
                "POST /api/v1/parallel-queue/tasks HTTP/1.1\r\nHost: x\r\n"
                    + AUTH
                    + "Content-Type: application/json\r\nExpect: foo\r\nContent-Length: "
                    + body.length()
                    + "\r\n\r\n"
                    + body));
    assertProblem(reply, 417, "expectation_failed", "100-continue");
    assertEquals(0, api.get("/parallel-queue").json().getInteger("waitingCount"));
  }

  @Test
  void outsideTheApi_aMalformedEscapeOrATargetThatIsNoPath_isAProblemToo() throws Exception {
    for (String target : List.of("/metrics?x=%ZZ", "/ui/?x=%ZZ", "/health/live?%")) {
      Api.Reply reply =
          RawHttp.reply(
              RawHttp.exchange(node.httpPort(), "GET " + target + " HTTP/1.1\r\nHost: x\r\n\r\n"));
      assertProblem(reply, 400, "invalid_request", "percent escape");
    }
    for (String target : List.of("*", "ui")) {
      Api.Reply reply =
          RawHttp.reply(
              RawHttp.exchange(node.httpPort(), "GET " + target + " HTTP/1.1\r\nHost: x\r\n\r\n"));
      assertProblem(reply, 404, "not_found");
    }
  }

  @Test
  void contentLengthBesideTransferEncoding_isRefused() throws Exception {
    String body = task("Echo").encode();
    String response =
        chunkedRegistration(
            "Content-Length: " + body.length() + "\r\nTransfer-Encoding: chunked\r\n", body);
    assertEquals(400, RawHttp.status(response), response);
    assertEquals(0, api.get("/parallel-queue").json().getInteger("waitingCount"));
  }

  @Test
  void aTransferCodingBesideChunked_isRefused_andNothingIsRegistered() throws Exception {
    String response =
        chunkedRegistration("Transfer-Encoding: gzip, chunked\r\n", task("Echo").encode());
    assertProblem(RawHttp.reply(response), 400, "invalid_request", "gzip", "chunked");
    assertEquals(0, api.get("/parallel-queue").json().getInteger("waitingCount"));
  }

  /** A registration of {@code body} in one chunk, with the framing headers given. */
  private String chunkedRegistration(String framing, String body) throws Exception {
    return RawHttp.exchange(
        node.httpPort(),
        "POST /api/v1/parallel-queue/tasks HTTP/1.1\r\nHost: x\r\n"
            + AUTH
            + "Content-Type: application/json\r\n"
            + framing
            + "\r\n"
            + Integer.toHexString(body.length())
            + "\r\n"
            + body
            + "\r\n0\r\n\r\n");
  }

  @Test
  void twoAuthorizationHeaders_areRefused() throws Exception {
    String response =
        RawHttp.exchange(
            node.httpPort(),
            "GET /api/v1/parallel-queue HTTP/1.1\r\nHost: x\r\n"
                + AUTH
                + "Authorization: Bearer "
                + TestNode.SUBMITTER
                + "\r\nConnection: close\r\n\r\n");
    assertEquals(400, RawHttp.status(response), response);
    assertTrue(response.contains("Authorization"), response);
  }

  @Test
  void twoIdempotencyKeyOrTenantHeaders_areRefused_andNothingIsRegistered() throws Exception {
    String body = task("Echo").encode();
    for (String header : List.of("Idempotency-Key", "Ordo-Tenant")) {
      String response =
          RawHttp.exchange(
              node.httpPort(),
              "POST /api/v1/parallel-queue/tasks HTTP/1.1\r\nHost: x\r\n"
                  + AUTH
                  + header
                  + ": one\r\n"
                  + header
                  + ": two\r\ncontent-type: application/json\r\ncontent-length: "
                  + body.length()
                  + "\r\nConnection: close\r\n\r\n"
                  + body);
      assertEquals(400, RawHttp.status(response), response);
      assertTrue(response.contains("send one " + header + " header"), response);
    }
    assertEquals(0, api.get("/parallel-queue").json().getInteger("waitingCount"));
  }

  @Test
  void mediaTypes_matchCaseInsensitively_andExactly() throws Exception {
    String body = task("Echo").encode();
    for (String type : List.of("APPLICATION/JSON", "Application/Json; charset=UTF-8")) {
      assertEquals(201, post(body, type), type);
    }
    for (String type : List.of("application/jsonx", "text/plain", "application/json-patch+json")) {
      assertEquals(415, post(body, type), type);
    }
    assertEquals(2, api.get("/parallel-queue").json().getInteger("waitingCount"));
  }

  @Test
  void aBodyWithAContentCoding_is415_whileIdentityIsNoCoding() {
    String body = task("Echo").encode();
    Api.Reply gzip =
        api.send(HttpMethod.POST, "/parallel-queue/tasks", body, "Content-Encoding", "gzip");
    assertProblem(gzip, 415, "unsupported_media_type", "content coding", "'gzip'");
    Api.Reply identity =
        api.send(HttpMethod.POST, "/parallel-queue/tasks", body, "Content-Encoding", "identity");
    assertEquals(201, identity.status(), identity.body().toString());
    assertEquals(1, api.get("/parallel-queue").json().getInteger("waitingCount"));
  }

  @Test
  void anIdempotencyKey_reusedForAnotherRequest_isRefused() {
    addSerialQueue(api, "idem.a", false);
    JsonObject first = task("Echo", new JsonObject().put("n", 1)).put("idempotencyKey", "k1");
    String id = registerParallel(api, first).getString("messageId");

    Api.Reply same = api.post("/parallel-queue/tasks", first);
    assertTrue(List.of(200, 201).contains(same.status()), () -> same.body().toString());
    assertEquals(id, same.json().getString("messageId"));

    JsonObject otherPayload =
        task("Echo", new JsonObject().put("n", 2)).put("idempotencyKey", "k1");
    assertProblem(
        api.post("/parallel-queue/tasks", otherPayload), 422, "idempotency_key_reused", "k1");
    assertProblem(
        api.post("/serial-queues/idem.a/tasks", first), 422, "idempotency_key_reused", id);
    JsonObject otherRetry = first.copy().put("retry", new JsonObject().put("maximumAttempts", 3));
    assertProblem(
        api.post("/parallel-queue/tasks", otherRetry), 422, "idempotency_key_reused", "retry");
    JsonObject otherSentTimeAndDelay =
        first.copy().put("sentTime", "2026-01-01T00:00:00Z").put("delaySeconds", 0);
    assertEquals(
        id, api.post("/parallel-queue/tasks", otherSentTimeAndDelay).json().getString("messageId"));
    assertEquals(1, api.get("/parallel-queue").json().getInteger("waitingCount"));
    assertEquals(0, api.get("/serial-queues/idem.a").json().getInteger("waitingCount"));
  }

  @Test
  void forgedPageTokens_areRefused() {
    String id = registerParallel(api, task("Echo")).getString("messageId");
    api.delete("/tasks/" + id);
    Api.Reply page = api.get("/tasks/" + id + "/history?maximumPageSize=1");
    String token = page.json().getString("nextPageToken");
    assertNotNull(token, () -> page.body().toString());
    assertEquals(
        200,
        api.get("/tasks/" + id + "/history?nextPageToken=" + token + "&maximumPageSize=1")
            .status());

    String unsigned =
        java.util.Base64.getUrlEncoder()
            .withoutPadding()
            .encodeToString(
                new JsonObject().put("e", id).put("r", false).put("b", 0).encode().getBytes());
    String altered = unsigned + token.substring(token.indexOf('.'));
    List<String> forgeries = new ArrayList<>(List.of(unsigned, altered, token + "x", ".."));
    // the signature's last character has two bits to spare: its three siblings decode to the same
    // bytes, and are refused all the same
    String alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
    int last = alphabet.indexOf(token.charAt(token.length() - 1));
    for (int sibling = last & ~3; sibling < (last & ~3) + 4; sibling++) {
      if (sibling != last) {
        forgeries.add(token.substring(0, token.length() - 1) + alphabet.charAt(sibling));
      }
    }
    for (String forged : forgeries) {
      assertProblem(
          api.get("/tasks/" + id + "/history?nextPageToken=" + forged),
          400,
          "invalid_request",
          "nextPageToken");
    }
  }

  @Test
  void anAdmin_namingATenantThatDoesNotExist_isNotFound() {
    Api admin = api.as(TestNode.ADMIN);
    Map<String, String> nowhere = Map.of("Ordo-Tenant", "no-such-tenant");
    assertProblem(
        admin.send(HttpMethod.POST, "/parallel-queue/tasks", task("Echo"), nowhere),
        404,
        "not_found",
        "no-such-tenant");
    assertProblem(admin.send(HttpMethod.GET, "/status", null, nowhere), 404, "not_found");
    // A tenant that a token names, or that holds queues, is there.
    assertEquals(
        200, admin.send(HttpMethod.GET, "/status", null, Map.of("Ordo-Tenant", "acme")).status());
    assertEquals(
        200,
        admin.send(HttpMethod.GET, "/status", null, Map.of("Ordo-Tenant", "default")).status());
  }

  @Test
  void principals_inHistory_revealNothingOfTheToken() {
    String id = registerParallel(api, task("Echo")).getString("messageId");
    String history = api.get("/tasks/" + id + "/history").body().toString();
    String hash = TokenEntries.hash(TestNode.OPERATOR).substring("sha256:".length());
    assertTrue(history.contains("operator@default#"), history);
    for (int i = 0; i + 6 <= hash.length(); i += 2) {
      String piece = hash.substring(i, i + 6);
      assertFalse(history.contains("#" + piece), () -> "hash bits " + piece + " in " + history);
    }
  }

  @Test
  void timeouts_asSwfStringsOfSeconds_areAccepted() {
    JsonObject info =
        registerParallel(
            api,
            task("Echo")
                .put(
                    "timeouts",
                    new JsonObject()
                        .put("startToClose", "600")
                        .put("heartbeat", 60)
                        .put("scheduleToStart", "NONE")));
    assertEquals(600, info.getJsonObject("timeouts").getInteger("startToClose"));
    assertEquals(60, info.getJsonObject("timeouts").getInteger("heartbeat"));
    for (Object bad : List.of("0", "99999999", "6OO", " 600", "-1")) {
      Api.Reply reply =
          api.post(
              "/parallel-queue/tasks",
              task("Echo").put("timeouts", new JsonObject().put("startToClose", bad)));
      assertEquals(400, reply.status(), () -> bad + ": " + reply.body());
      assertEquals("invalid_request", reply.code());
    }
  }

  @Test
  void limitZero_answersTheCountsWithoutLists() {
    addSerialQueue(api, "counted", false);
    registerParallel(api, task("Echo"));
    registerParallel(api, task("Echo"));
    registerSerial(api, "counted", task("Echo"));

    JsonObject parallel = api.get("/parallel-queue?limit=0").json();
    assertEquals(2, parallel.getInteger("waitingCount"));
    assertEquals(0, parallel.getInteger("runningCount"));
    assertEquals(0, parallel.getJsonArray("waitingTasks").size());

    JsonObject serial = api.get("/serial-queues/counted?limit=0").json();
    assertEquals(1, serial.getInteger("waitingCount"));
    assertEquals(0, serial.getJsonArray("waitingTasks").size());

    JsonObject status = api.get("/status?limit=0").json();
    assertEquals(2, status.getJsonObject("parallelizedTasksInfo").getInteger("waitingCount"));
    assertEquals(
        1,
        status
            .getJsonObject("serializedTasksInfo")
            .getJsonObject("counted")
            .getInteger("waitingCount"));
  }

  private int post(String body, String contentType) throws Exception {
    String response =
        RawHttp.exchange(
            node.httpPort(),
            "POST /api/v1/parallel-queue/tasks HTTP/1.1\r\nHost: x\r\n"
                + AUTH
                + "Content-Type: "
                + contentType
                + "\r\nContent-Length: "
                + body.length()
                + "\r\nConnection: close\r\n\r\n"
                + body);
    if (RawHttp.status(response) == 415) {
      assertTrue(response.contains("unsupported_media_type"), response);
      assertTrue(response.contains("application/problem+json"), response);
    }
    return RawHttp.status(response);
  }

  private static JsonObject active(boolean active) {
    return new JsonObject().put("active", active);
  }
}
