package io.ordo.client.http;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.ordo.client.http.exception.InvalidRequestException;
import io.ordo.client.http.exception.ServerErrorException;
import io.ordo.client.http.exception.ServiceUnavailableException;
import io.ordo.client.http.exception.TaskControlException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/**
 * An error answer becomes the exception its status and code call for, with the real status and the
 * server's detail: the caller's mistakes (4xx) as such, the server's failures (5xx) as such.
 */
class ProblemsTest {
  private static TaskControlException failure(int status, String type, String body) {
    return failure(FakeServer.answering(status, type, body));
  }

  private static TaskControlException failure(FakeServer.Behaviour answer) {
    try (FakeServer server = new FakeServer(answer)) {
      return assertThrows(
          TaskControlException.class,
          () -> InvalidAnswerTest.client(server).tasks().getTaskInfo("m"));
    } catch (java.io.IOException e) {
      throw new AssertionError(e);
    }
  }

  @Test
  void anHtml502_isUnavailable_withItsOwnStatus() {
    TaskControlException e = failure(502, "text/html", "<html>bad gateway</html>");
    assertInstanceOf(ServiceUnavailableException.class, e);
    assertEquals(502, e.status());
  }

  @Test
  void aProxys409Or429WithoutAProblem_isNoServerError() {
    TaskControlException conflict = failure(409, "text/plain", "conflict");
    assertInstanceOf(InvalidRequestException.class, conflict);
    assertEquals(409, conflict.status());
    TaskControlException busy = failure(429, "text/plain", "slow down");
    assertInstanceOf(ServiceUnavailableException.class, busy);
    assertEquals(429, busy.status());
  }

  @Test
  void aRedirect_isTheCallersMistake_namingWhereItPointed() {
    TaskControlException e =
        failure(
            (head, out) -> {
              out.write(
                  ("HTTP/1.1 302 Found\r\nLocation: https://ordo.example/api/v1/tasks/m\r\n"
                          + "Content-Length: 0\r\n\r\n")
                      .getBytes(StandardCharsets.ISO_8859_1));
              out.flush();
            });
    assertInstanceOf(InvalidRequestException.class, e);
    assertEquals(302, e.status());
    assertTrue(e.getMessage().contains("https://ordo.example/api/v1/tasks/m"), e.getMessage());
  }

  @Test
  void anUnknown4xxCode_isAnInvalidRequest_underItsOwnCode() {
    TaskControlException e =
        failure(
            422,
            "application/problem+json",
            "{\"code\":\"some_new_rule\",\"detail\":\"the key was used\",\"status\":422}");
    assertInstanceOf(InvalidRequestException.class, e);
    assertEquals("some_new_rule", e.code());
    assertEquals(422, e.status());
    assertEquals("the key was used", e.detail());
  }

  @Test
  void anUnknown5xxCode_staysAServerError() {
    TaskControlException e =
        failure(500, "application/problem+json", "{\"code\":\"oops\",\"detail\":\"it broke\"}");
    assertInstanceOf(ServerErrorException.class, e);
    assertEquals("oops", e.code());
  }

  @Test
  void aProblemWithoutCode_keepsItsDetail() {
    TaskControlException e =
        failure(400, "application/problem+json", "{\"title\":\"Bad\",\"detail\":\"limit is 9\"}");
    assertInstanceOf(InvalidRequestException.class, e);
    assertEquals("limit is 9", e.detail());
  }

  @Test
  void a429_isRetried_afterItsRetryAfter() throws Exception {
    AtomicInteger requests = new AtomicInteger();
    FakeServer.Behaviour busyOnce =
        (head, out) -> {
          if (requests.getAndIncrement() == 0) {
            out.write(
                "HTTP/1.1 429 Too Many Requests\r\nRetry-After: 1\r\nContent-Length: 0\r\n\r\n"
                    .getBytes(StandardCharsets.ISO_8859_1));
            out.flush();
          } else {
            FakeServer.answering(200, "application/json", "{\"isActive\":true}").answer(head, out);
          }
        };
    try (FakeServer server = new FakeServer(busyOnce)) {
      OrdoClient ordo =
          OrdoClient.builder()
              .baseUrl(server.baseUrl())
              .token("t")
              .maxRetries(1)
              .retryDelay(Duration.ofMillis(10))
              .build();
      long start = System.nanoTime();
      ordo.tasks().setParallelizedTaskQueueActive(true);
      assertEquals(2, requests.get());
      assertTrue(
          Duration.ofNanos(System.nanoTime() - start).compareTo(Duration.ofMillis(900)) > 0,
          "Retry-After: 1 was waited");
    }
  }
}
