package io.ordo.deploy.api;

import static io.ordo.deploy.api.NodeApiTest.assertProblem;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.ordo.deploy.Api;
import io.ordo.deploy.NodeRoles;
import io.ordo.deploy.OrdoNode;
import io.ordo.deploy.TestNode;
import io.ordo.testing.TestDatabase;
import io.vertx.core.http.HttpMethod;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The operations server of a runner JVM (no API: {@code /health/*} and {@code /metrics} alone)
 * answers what no route takes as the API's server does: an unknown path 404 and another method 405
 * with {@code Allow}, as problem documents; {@code HEAD} as a {@code GET} without its body; a
 * request with dot segments 400. It answered Vert.x's plain 404 and 405 before.
 */
class OpsServerApiTest {
  private static final String GET_HEAD_OPTIONS = "GET, HEAD, OPTIONS";

  private OrdoNode runner;
  private Api api;

  @BeforeEach
  void startRunner() {
    TestDatabase.truncate();
    Map<String, String> env = TestNode.environment();
    env.putAll(TestNode.cluster("ops-server"));
    env.put("ORDO_NODE_NAME", "ops-runner");
    runner = TestNode.start(env, NodeRoles.runnerOnly(), true);
    api = new Api(runner.httpPort(), null);
  }

  @AfterEach
  void stopRunner() {
    api.close();
    runner.close();
  }

  @Test
  void anUnknownPath_is404_anotherMethod405WithAllow_asProblemDocuments() throws Exception {
    for (String path : List.of("/nonexistent", "/api/v1/tasks", "/ui/")) {
      assertProblem(raw("GET", path), 404, "not_found", path);
      Api.Reply head = raw("HEAD", path);
      assertEquals(404, head.status(), path);
      assertEquals("application/problem+json", head.contentType(), path);
    }
    for (String target : List.of("POST /health/live", "DELETE /metrics")) {
      String[] methodAndPath = target.split(" ");
      Api.Reply reply = raw(methodAndPath[0], methodAndPath[1]);
      assertProblem(reply, 405, "method_not_allowed", methodAndPath[0], "GET");
      assertEquals(GET_HEAD_OPTIONS, reply.headers().get("Allow"), target);
    }
    Api.Reply options = raw("OPTIONS", "/health/ready");
    assertEquals(204, options.status(), () -> options.body().toString());
    assertEquals(GET_HEAD_OPTIONS, options.headers().get("Allow"));
  }

  @Test
  void head_isAGetWithoutItsBody() {
    for (String path : List.of("/health/live", "/health/ready", "/metrics")) {
      Api.Reply get = api.get(path);
      Api.Reply head = api.send(HttpMethod.HEAD, path, null);
      assertEquals(get.status(), head.status(), path);
      assertEquals(get.contentType(), head.contentType(), path);
      assertEquals(0, head.body().length(), path);
    }
  }

  @Test
  void aPathWithDotSegments_isRefused() throws Exception {
    assertProblem(raw("GET", "/health/../metrics"), 400, "invalid_request", "segment");
  }

  /** A request of {@code method} to {@code path}, without a token or a body, as raw bytes. */
  private Api.Reply raw(String method, String path) throws Exception {
    return RawHttp.reply(
        RawHttp.exchange(
            runner.httpPort(),
            method + " " + path + " HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n"));
  }
}
