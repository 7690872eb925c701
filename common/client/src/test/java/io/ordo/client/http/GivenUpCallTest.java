package io.ordo.client.http;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeoutException;
import org.junit.jupiter.api.Test;

/**
 * An async call whose future the caller completes (cancel, orTimeout) is given up as an interrupted
 * blocking call is: its connection is closed at once, not when the request timeout passes, and it
 * is not sent again.
 */
class GivenUpCallTest {
  private static final Duration WITHIN = Duration.ofSeconds(10);

  /** A client whose own request timeout (a minute) would keep an unanswered call going. */
  private static OrdoClient client(FakeServer server) {
    return OrdoClient.builder()
        .baseUrl(server.baseUrl())
        .token("t")
        .requestTimeout(Duration.ofMinutes(1))
        .retryDelay(Duration.ofMillis(10))
        .build();
  }

  @Test
  void aCancelledRegistration_closesItsConnectionAtOnce() throws Exception {
    try (FakeServer server = new FakeServer((head, out) -> {})) { // never answers
      OrdoClient ordo = client(server);
      CompletableFuture<ParallelizedTaskMessage> registration =
          ordo.tasks().addParallelizedTaskAsync("Echo", null);
      FakeServer.await("the request came", WITHIN, () -> server.requests().size() == 1);

      assertTrue(registration.cancel(true));

      FakeServer.await("the connection closed", WITHIN, () -> server.open() == 0);
      assertEquals(1, server.accepted());
    }
  }

  @Test
  void aReadGivenUpByItsOwnDeadline_closesItsConnectionAtOnce() throws Exception {
    try (FakeServer server = new FakeServer((head, out) -> {})) {
      OrdoClient ordo = client(server);
      CompletableFuture<RegisteredInfo> info = ordo.tasks().getRegisteredInfoAsync();
      FakeServer.await("the request came", WITHIN, () -> server.requests().size() == 1);

      // what info.orTimeout(...) does when its time has come
      info.completeExceptionally(new TimeoutException("the caller's own deadline"));

      FakeServer.await("the connection closed", WITHIN, () -> server.open() == 0);
      assertEquals(1, server.accepted());
    }
  }
}
