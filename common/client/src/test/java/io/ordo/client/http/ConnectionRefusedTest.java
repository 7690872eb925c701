package io.ordo.client.http;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.ordo.client.http.exception.ConnectionFailedException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.util.concurrent.CompletionException;
import org.junit.jupiter.api.Test;

/** A refused connection, or a host that does not resolve, says so in words. */
class ConnectionRefusedTest {
  @Test
  void aRefusedConnection_readsConnectionRefused() throws Exception {
    int port;
    try (ServerSocket closed = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      port = closed.getLocalPort(); // nothing listens there once it is closed
    }
    TaskManager tasks =
        OrdoClient.builder().baseUrl("http://127.0.0.1:" + port).maxRetries(0).build().tasks();
    ConnectionFailedException e =
        assertThrows(ConnectionFailedException.class, () -> tasks.getTaskInfo("m"));
    assertTrue(e.getMessage().endsWith(": connection refused"), e.getMessage());
  }

  @Test
  void aHostThatDoesNotResolve_readsUnknownHost_notConnectionRefused() {
    // .invalid never resolves (RFC 6761)
    TaskManager tasks =
        OrdoClient.builder()
            .baseUrl("http://no-such-node.invalid:8080")
            .maxRetries(0)
            .build()
            .tasks();
    ConnectionFailedException e =
        assertThrows(ConnectionFailedException.class, () -> tasks.getTaskInfo("m"));
    assertTrue(
        e.getMessage().endsWith(": unknown host: no-such-node.invalid cannot be resolved"),
        e.getMessage());
    ConnectionFailedException async =
        assertInstanceOf(
            ConnectionFailedException.class,
            assertThrows(CompletionException.class, tasks.getTaskInfoAsync("m")::join).getCause());
    assertEquals(e.getMessage(), async.getMessage());
  }
}
