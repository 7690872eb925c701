package io.ordo.client.http;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.ordo.client.http.exception.ConnectionFailedException;
import java.net.InetAddress;
import java.net.ServerSocket;
import org.junit.jupiter.api.Test;

/** A refused connection says so in words. */
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
}
