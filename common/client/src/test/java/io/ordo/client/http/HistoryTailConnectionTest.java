package io.ordo.client.http;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.ordo.client.http.exception.ConnectionFailedException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
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
    // an idle timeout of a second: after it the follow gives up, and the silence it takes for
    // lost comes well after the headers' timeout
    assertGivenUp_withEveryConnectionClosed(Duration.ofMillis(300), Duration.ofSeconds(1));
  }

  /**
   * A follow of a server that never answers fails after its 3 attempts at least (more while the
   * stream idle timeout since the first failure has not passed), none left open.
   */
  private void assertGivenUp_withEveryConnectionClosed(
      Duration requestTimeout, Duration streamIdleTimeout) throws Exception {
    try (FakeServer server = new FakeServer(SILENT)) {
      HistoryFollow follow =
          tasks(server, requestTimeout, streamIdleTimeout).followTaskHistory("m", 0, event -> {});
      ExecutionException e =
          assertThrows(ExecutionException.class, () -> follow.done().get(20, TimeUnit.SECONDS));
      assertInstanceOf(ConnectionFailedException.class, e.getCause());
      assertTrue(server.accepted() >= 3, server.accepted() + " attempts");
      FakeServer.await("the connections closed", Duration.ofSeconds(10), () -> server.open() == 0);
    }
  }

  @Test
  void aStreamRefusedMoreOftenThanTheRetries_isOpenedAgain_withinTheStreamIdleTimeout()
      throws Exception {
    AtomicInteger streams = new AtomicInteger();
    FakeServer.Behaviour restarting =
        (head, out) -> {
          if (streams.incrementAndGet() <= 12) {
            out.close(); // a node that is restarting: the connection ends without an answer
            return;
          }
          String events =
              "id: 1\nevent: TaskScheduled\ndata: {\"eventId\": 1, \"eventTimestamp\": 1.5,"
                  + " \"eventType\": \"TaskScheduled\"}\n\nevent: end\ndata: \n\n";
          byte[] body = events.getBytes(StandardCharsets.UTF_8);
          out.write(
              ("HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\nContent-Length: "
                      + body.length
                      + "\r\n\r\n")
                  .getBytes(StandardCharsets.ISO_8859_1));
          out.write(body);
          out.flush();
        };
    try (FakeServer server = new FakeServer(restarting)) {
      List<HistoryEvent> got = new CopyOnWriteArrayList<>();
      HistoryFollow follow =
          tasks(server, Duration.ofSeconds(60), Duration.ofSeconds(60))
              .followTaskHistory("m", 0, got::add);

      follow.done().get(20, TimeUnit.SECONDS); // not ConnectionFailedException after 3 attempts

      assertEquals(13, streams.get()); // the JDK itself sends a GET again once
      assertEquals(1, got.size());
      assertEquals("TaskScheduled", got.get(0).eventType());
    }
  }

  @Test
  void connectionsThatWorkedBeforeTheyDropped_areNoFailedAttempts() throws Exception {
    AtomicInteger streams = new AtomicInteger();
    FakeServer.Behaviour cutAfterAKeepAlive =
        (head, out) -> {
          String headers = "HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\n";
          if (streams.incrementAndGet() <= 5) {
            // a stream that works (the node's keep-alive comes) until a proxy cuts it 300 ms on
            out.write((headers + "\r\n: keep-alive\n\n").getBytes(StandardCharsets.ISO_8859_1));
            out.flush();
            try {
              Thread.sleep(300);
            } catch (InterruptedException e) {
              Thread.currentThread().interrupt();
            }
            out.close();
            return;
          }
          byte[] end = "event: end\ndata: \n\n".getBytes(StandardCharsets.UTF_8);
          out.write(
              (headers + "Content-Length: " + end.length + "\r\n\r\n")
                  .getBytes(StandardCharsets.ISO_8859_1));
          out.write(end);
          out.flush();
        };
    try (FakeServer server = new FakeServer(cutAfterAKeepAlive)) {
      // 2 retries and a 1 s idle timeout: five cut streams, 1.5 s, would spend both
      HistoryFollow follow =
          tasks(server, Duration.ofSeconds(60), Duration.ofSeconds(1))
              .followTaskHistory("m", 0, event -> {});

      follow.done().get(20, TimeUnit.SECONDS); // not ConnectionFailedException

      assertEquals(6, streams.get());
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
