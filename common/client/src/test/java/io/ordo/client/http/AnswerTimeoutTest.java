package io.ordo.client.http;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.ordo.client.http.exception.ConnectionFailedException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.concurrent.CompletionException;
import org.junit.jupiter.api.Test;

/** The request timeout bounds a call's whole answer, its body included. */
class AnswerTimeoutTest {
  /** Headers announcing 100 bytes, 12 of them, then nothing. */
  private static final FakeServer.Behaviour STALLS_IN_THE_BODY =
      (head, out) -> {
        out.write(
            ("HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n"
                    + "{\"messageId\"")
                .getBytes(StandardCharsets.ISO_8859_1));
        out.flush();
      };

  static OrdoClient client(FakeServer server, Duration requestTimeout) {
    return OrdoClient.builder()
        .baseUrl(server.baseUrl())
        .token("t")
        .requestTimeout(requestTimeout)
        .maxRetries(1)
        .retryDelay(Duration.ofMillis(10))
        .build();
  }

  @Test
  void aBodyThatStalls_failsTheBlockingCall_afterItsRetry_andClosesTheConnections()
      throws Exception {
    try (FakeServer server = new FakeServer(STALLS_IN_THE_BODY)) {
      TaskManager tasks = client(server, Duration.ofMillis(300)).tasks();
      ConnectionFailedException e =
          assertTimeoutPreemptively(
              Duration.ofSeconds(20),
              () -> assertThrows(ConnectionFailedException.class, () -> tasks.getTaskInfo("m")));
      assertTrue(e.getMessage().contains("request timeout"), e.getMessage());
      assertEquals(2, server.accepted(), "the read is retried as a lost answer");
      FakeServer.await("the connections closed", Duration.ofSeconds(10), () -> server.open() == 0);
    }
  }

  @Test
  void aBodyThatStalls_failsTheAsyncCall() throws Exception {
    try (FakeServer server = new FakeServer(STALLS_IN_THE_BODY)) {
      TaskManager tasks = client(server, Duration.ofMillis(300)).tasks();
      CompletionException e =
          assertTimeoutPreemptively(
              Duration.ofSeconds(20),
              () -> assertThrows(CompletionException.class, tasks.getTaskInfoAsync("m")::join));
      assertInstanceOf(ConnectionFailedException.class, e.getCause());
      FakeServer.await("the connections closed", Duration.ofSeconds(10), () -> server.open() == 0);
    }
  }
}
