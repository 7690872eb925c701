package io.ordo.deploy.api;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.ordo.deploy.Api;
import io.vertx.core.http.HttpMethod;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A request that no route answers, outside the API as inside it (the hostile-input probe's
 * findings): an unknown path is 404 {@code not_found}, a known path asked with another method 405
 * with {@code Allow}, each a problem document, and {@code OPTIONS} of a known path 204 with {@code
 * Allow}; {@code HEAD} is a GET without its body on every path.
 */
class UnroutedRequestApiTest extends NodeApiTest {
  private static final String GET_HEAD_OPTIONS = "GET, HEAD, OPTIONS";

  @Test
  void anUnknownPathOutsideTheApi_is404NotFound_forGetAndHead() throws Exception {
    // a route of HEAD for every path made each of these 405 "Allow: HEAD" without a body
    for (String path :
        List.of("/nonexistent", "/health/", "/API/v1/status", "/ui/missing.js", "/api/v2/x")) {
      assertProblem(raw("GET", path), 404, "not_found", path);
      Api.Reply head = raw("HEAD", path);
      assertEquals(404, head.status(), path);
      assertEquals("application/problem+json", head.contentType(), path);
      assertEquals(0, head.body().length(), path);
    }
  }

  @Test
  void aPathOutsideTheApi_askedWithAnotherMethod_is405WithAllow_andOptionsListsItsMethods()
      throws Exception {
    for (String target : List.of("POST /health/live", "DELETE /metrics", "PUT /ui/index.html")) {
      String[] methodAndPath = target.split(" ");
      Api.Reply reply = raw(methodAndPath[0], methodAndPath[1]);
      assertProblem(reply, 405, "method_not_allowed", methodAndPath[0], "GET");
      assertEquals(GET_HEAD_OPTIONS, reply.headers().get("Allow"), target);
    }
    for (String path : List.of("/health/ready", "/metrics", "/ui/")) {
      Api.Reply options = raw("OPTIONS", path);
      assertEquals(204, options.status(), () -> path + ": " + options.body());
      assertEquals(GET_HEAD_OPTIONS, options.headers().get("Allow"), path);
    }
  }

  @Test
  void theApiDocument_answersOptionsWithAllow_andAnotherMethod405_withoutAToken() {
    Api anonymous = api.as(null);
    for (Api client : List.of(api, anonymous)) {
      Api.Reply options = client.send(HttpMethod.OPTIONS, "/openapi.yaml", null);
      assertEquals(204, options.status(), () -> options.body().toString());
      assertEquals(GET_HEAD_OPTIONS, options.headers().get("Allow"));
      Api.Reply post = client.send(HttpMethod.POST, "/openapi.yaml", "{}");
      assertProblem(post, 405, "method_not_allowed", "POST");
      assertEquals(GET_HEAD_OPTIONS, post.headers().get("Allow"));
    }
  }

  @Test
  void head_isAGetWithoutItsBody_onEveryPathOutsideTheApi() {
    for (String path :
        List.of(
            "/health/live",
            "/health/ready",
            "/metrics",
            "/ui/",
            "/ui/index.html",
            "/openapi.yaml")) {
      Api.Reply get = api.get(path);
      Api.Reply head = api.send(HttpMethod.HEAD, path, null);
      assertEquals(get.status(), head.status(), path);
      assertEquals(get.contentType(), head.contentType(), path);
      assertEquals(0, head.body().length(), path);
    }
  }

  /** A request of {@code method} to {@code path}, without a token or a body, as raw bytes. */
  private Api.Reply raw(String method, String path) throws Exception {
    return RawHttp.reply(
        RawHttp.exchange(
            node.httpPort(),
            method + " " + path + " HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n"));
  }
}
