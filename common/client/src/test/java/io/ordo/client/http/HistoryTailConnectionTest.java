package io.ordo.client.http;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.ordo.client.http.exception.ConnectionFailedException;
import java.time.Duration;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * A followed history closes every connection it gives up, also one whose answer never began (a node
 * that accepts but is paused).
 */
class HistoryTailConnectionTest {
  /** Accepts, reads the request, and never answers. */
  private static final FakeServer.Behaviour SILENT = (head, out) -> {};

  private static TaskManager tasks(FakeServer server, Duration requestTimeout, Duration idle) {
    return OrdoClient.builder()
        .baseUrl(server.baseUrl())
        .token("t")
        .requestTimeout(requestTimeout)
        .streamIdleTimeout(idle)
        .maxRetries(2)
        .retryDelay(Duration.ofMillis(10))
        .build()
        .tasks();
  }

  @Test
  void givenUpForSilence_beforeItsHeaders_everyAttemptsConnectionIsClosed() throws Exception {
    assertGivenUp_withEveryConnectionClosed(Duration.ofSeconds(60), Duration.ofMillis(300));
  }

  @Test
  void headersThatDoNotCome_timeOutAfterTheRequestTimeout_andTheConnectionsAreClosed()
      throws Exception {
    assertGivenUp_withEveryConnectionClosed(Duration.ofMillis(300), Duration.ofSeconds(60));
  }

  /** A follow of a server that never answers fails after its 3 attempts, none left open. */
  private void assertGivenUp_withEveryConnectionClosed(
      Duration requestTimeout, Duration streamIdleTimeout) throws Exception {
    try (FakeServer server = new FakeServer(SILENT)) {
      HistoryFollow follow =
          tasks(server, requestTimeout, streamIdleTimeout).followTaskHistory("m", 0, event -> {});
      ExecutionException e =
          assertThrows(ExecutionException.class, () -> follow.done().get(20, TimeUnit.SECONDS));
      assertInstanceOf(ConnectionFailedException.class, e.getCause());
      assertEquals(3, server.accepted());
      FakeServer.await("the connections closed", Duration.ofSeconds(10), () -> server.open() == 0);
    }
  }

  @Test
  void closedWhileWaitingForHeaders_closesTheConnection() throws Exception {
    try (FakeServer server = new FakeServer(SILENT)) {
      HistoryFollow follow =
          tasks(server, Duration.ofSeconds(60), Duration.ofSeconds(60))
              .followTaskHistory("m", 0, event -> {});
      FakeServer.await("the stream requested", Duration.ofSeconds(10), () -> server.open() == 1);
      follow.close();
      follow.done().get(20, TimeUnit.SECONDS);
      FakeServer.await("the connection closed", Duration.ofSeconds(10), () -> server.open() == 0);
      assertEquals(1, server.accepted());
    }
  }
}
