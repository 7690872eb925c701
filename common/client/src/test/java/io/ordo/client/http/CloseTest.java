package io.ordo.client.http;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.concurrent.CompletionException;
import org.junit.jupiter.api.Test;

/** A closed client ends its HttpClient's worker threads and refuses later calls. */
class CloseTest {
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
}
