package io.ordo.deploy.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import io.ordo.deploy.Api;
import io.ordo.deploy.TestNode;
import io.vertx.core.json.JsonObject;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Requests that HTTP's own codec refuses, before any route sees them (an over-long request line or
 * headers, broken framing, another HTTP version, a broken chunked body), are answered with a
 * problem document like every other refusal, and nothing of them is stored.
 */
class HttpCodecRefusalApiTest extends NodeApiTest {
  private static final String AUTH = "Authorization: Bearer " + TestNode.OPERATOR + "\r\n";
  private static final String REGISTER =
      "POST /api/v1/parallel-queue/tasks HTTP/1.1\r\nHost: x\r\n"
          + AUTH
          + "Content-Type: application/json\r\n";

  @BeforeEach
  void holdTheParallelQueue() {
    setParallelActive(api, false);
  }

  @Test
  void aRequestLineLongerThanTheNodeReads_isA414Problem_namingTheLimit() throws Exception {
    Api.Reply reply =
        exchange("GET /api/v1/tasks/" + "a".repeat(5_000) + " HTTP/1.1\r\nHost: x\r\n" + AUTH);
    assertProblem(reply, 414, "uri_too_long", "request line", "4096");
  }

  @Test
  void headersLargerThanTheNodeReads_areA431Problem_namingTheLimit() throws Exception {
    Api.Reply reply =
        exchange(
            "GET /api/v1/parallel-queue HTTP/1.1\r\nHost: x\r\n"
                + AUTH
                + "X-Padding: "
                + "p".repeat(9_000)
                + "\r\n");
    assertProblem(reply, 431, "headers_too_large", "headers", "8192");
  }

  @Test
  void twoContentLengths_areA400Problem_andNothingIsRegistered() throws Exception {
    String body = task("Echo").encode();
    Api.Reply reply =
        exchange(
            REGISTER
                + "Content-Length: "
                + body.length()
                + "\r\nContent-Length: "
                + (body.length() + 1)
                + "\r\n\r\n"
                + body);
    assertProblem(reply, 400, "invalid_request", "Content-Length");
    assertNothingWaits();
  }

  @Test
  void headLinesEndingInABareLineFeed_areA400Problem() throws Exception {
    Api.Reply reply =
        reply(
            RawHttp.exchange(node.httpPort(), "GET /api/v1/parallel-queue HTTP/1.1\nHost: x\n\n"));
    assertProblem(reply, 400, "invalid_request", "CRLF");
  }

  @Test
  void aMethodNameThatIsNotAToken_isA400Problem() throws Exception {
    Api.Reply reply = exchange("G@T /api/v1/parallel-queue HTTP/1.1\r\nHost: x\r\n" + AUTH);
    assertProblem(reply, 400, "invalid_request", "method");
  }

  @Test
  void anHttp11RequestWithoutHost_isA400Problem_sayingItNeedsOne() throws Exception {
    Api.Reply reply = exchange("GET /api/v1/parallel-queue HTTP/1.1\r\n" + AUTH);
    assertProblem(reply, 400, "invalid_request", "Host header");
    // HTTP/1.0 needs none: its request's own problem is named
    Api.Reply old = exchange("GET /api/v1/tasks?limit=x HTTP/1.0\r\n" + AUTH);
    JsonObject problem = assertProblem(old, 400, "invalid_request", "limit");
    assertFalse(problem.getString("detail").contains("Host"), problem::encode);
  }

  @Test
  void anotherHttpVersion_isA505Problem() throws Exception {
    Api.Reply reply = exchange("GET /api/v1/parallel-queue HTTP/7.3\r\nHost: x\r\n" + AUTH);
    assertProblem(reply, 505, "http_version_not_supported", "HTTP/1.1");
  }

  @Test
  void aChunkSizeThatIsNotHexadecimal_isA400Problem_andNothingIsRegistered() throws Exception {
    Api.Reply reply =
        reply(
            RawHttp.exchange(
                node.httpPort(),
                REGISTER + "Transfer-Encoding: chunked\r\n\r\nzz\r\n{}\r\n0\r\n\r\n"));
    assertProblem(reply, 400, "invalid_request", "chunked");
    assertNothingWaits();
  }

  @Test
  void aBrokenChunkedBody_afterARouteAnsweredWithoutIt_stillGetsThatAnswer() throws Exception {
    // no token: the authentication answers 401 before the body is read; the broken chunk behind it
    // arrives in the same read and must not drop that answer
    Api.Reply reply =
        reply(
            RawHttp.exchange(
                node.httpPort(),
                "POST /api/v1/parallel-queue/tasks HTTP/1.1\r\nHost: x\r\n"
                    + "Content-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n"));
    assertProblem(reply, 401, "unauthorized");
    assertNothingWaits();
  }

  @Test
  void theConnectionAfterARefusal_isClosed_andTheNextConnectionIsServed() throws Exception {
    String response =
        RawHttp.exchange(
            node.httpPort(),
            "GET /api/v1/parallel-queue HTTP/7.3\r\nHost: x\r\n\r\n"
                + "GET /api/v1/parallel-queue HTTP/1.1\r\nHost: x\r\n"
                + AUTH
                + "\r\n");
    assertEquals(505, RawHttp.status(response), response);
    assertFalse(response.contains(" 200 OK"), response); // the request behind it was not read
    assertEquals(200, api.get("/parallel-queue").status());
  }

  private Api.Reply exchange(String head) throws Exception {
    return reply(RawHttp.exchange(node.httpPort(), head + "\r\n"));
  }

  private static Api.Reply reply(String response) {
    return RawHttp.reply(response);
  }

  private void assertNothingWaits() {
    assertEquals(0, api.get("/parallel-queue").json().getInteger("waitingCount"));
  }
}
