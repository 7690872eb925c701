package io.ordo.client.http;

import static java.util.concurrent.TimeUnit.SECONDS;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;
import org.junit.jupiter.api.Test;

/**
 * A closed client ends its HttpClient's worker threads, refuses later calls, and ends the calls and
 * follows under way at once.
 */
class CloseTest {
  private static final Duration WITHIN = Duration.ofSeconds(10);

  @Test
  void close_endsTheWorkerThreads_andRefusesLaterCalls() throws Exception {
    try (FakeServer server = new FakeServer(FakeServer.answering(204, "application/json", ""))) {
      OrdoClient ordo = OrdoClient.builder().baseUrl(server.baseUrl()).token("t").build();
      assertTrue(ordo.tasks().removeParallelizedTask("m"));
      assertTrue(ordo.tasks().removeParallelizedTaskAsync("m").join());
      ordo.close();
      FakeServer.await(
          "the worker threads ended", Duration.ofSeconds(10), ordo.executor()::isTerminated);
      assertThrows(IllegalStateException.class, () -> ordo.tasks().removeParallelizedTask("m"));
      assertTrue(
          assertThrows(CompletionException.class, ordo.tasks().getTaskInfoAsync("m")::join)
                  .getCause()
              instanceof IllegalStateException);
      HistoryFollow follow = ordo.tasks().followTaskHistory("m", 0, event -> {});
      assertTrue(follow.done().isCompletedExceptionally());
    }
  }

  /** Never answers a call; answers a stream's headers, then sends nothing. */
  private static final FakeServer.Behaviour SILENT =
      (head, out) -> {
        if (head.contains("/history/stream")) {
          out.write(
              "HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\n\r\n"
                  .getBytes(StandardCharsets.ISO_8859_1));
          out.flush();
        }
      };

  @Test
  void close_endsTheCallsAndFollowsUnderWay_atOnce_andClosesTheirConnections() throws Exception {
    try (FakeServer server = new FakeServer(SILENT)) {
      OrdoClient ordo =
          OrdoClient.builder()
              .baseUrl(server.baseUrl())
              .token("t")
              .requestTimeout(Duration.ofMinutes(1))
              .streamIdleTimeout(Duration.ofMinutes(1))
              .build();
      CompletableFuture<Throwable> blocking =
          CompletableFuture.supplyAsync(
              () -> assertThrows(RuntimeException.class, () -> ordo.tasks().getTaskInfo("a")));
      CompletableFuture<RegisteredTaskInfo> async = ordo.tasks().getTaskInfoAsync("b");
      HistoryFollow follow = ordo.tasks().followTaskHistory("c", 0, event -> {});
      FakeServer.await("three requests came", WITHIN, () -> server.requests().size() == 3);

      ordo.close();

      assertInstanceOf(IllegalStateException.class, blocking.get(WITHIN.toSeconds(), SECONDS));
      assertInstanceOf(
          IllegalStateException.class,
          assertThrows(ExecutionException.class, () -> async.get(WITHIN.toSeconds(), SECONDS))
              .getCause());
      assertInstanceOf(
          IllegalStateException.class,
          assertThrows(
                  ExecutionException.class, () -> follow.done().get(WITHIN.toSeconds(), SECONDS))
              .getCause());
      FakeServer.await("their connections closed", WITHIN, () -> server.open() == 0);
      ordo.close(); // again: nothing more to do
    }
  }
}
