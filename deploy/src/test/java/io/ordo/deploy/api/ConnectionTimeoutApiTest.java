package io.ordo.deploy.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.ordo.deploy.TestNode;
import java.io.IOException;
import java.io.InputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/**
 * Issue 14: a connection that sends nothing, or drips a request head, does not hold the server's
 * socket for good. The limits are set low here; a connection must be closed well before the test's
 * own read bound (5 s, below every default), which only guards against a hang.
 */
class ConnectionTimeoutApiTest extends NodeApiTest {
  private static final int READ_BOUND_MILLIS = 5_000;

  @Test
  void anIdleConnection_isClosedAfterTheIdleTimeout() throws IOException {
    restartWith("ORDO_HTTP_IDLE_TIMEOUT", "1");
    try (Socket socket = connect()) {
      String health =
          "GET /health/live HTTP/1.1\r\nHost: localhost\r\n\r\n"; // a kept-alive connection, then
      // quiet
      socket.getOutputStream().write(health.getBytes(StandardCharsets.ISO_8859_1));
      socket.getOutputStream().flush();
      String answer = readUntilClosed(socket.getInputStream());
      assertTrue(answer.startsWith("HTTP/1.1 200"), answer);
    }
  }

  @Test
  void aRequestHeadThatDrips_isClosedAfterTheHeaderReadTimeout() throws IOException {
    // The idle timeout stays long: only the header-read timeout can close this connection.
    restartWith("ORDO_HTTP_HEADER_READ_TIMEOUT", "1");
    try (Socket socket = connect()) {
      socket
          .getOutputStream()
          .write("GET /health/live HTTP/1.1\r\nHost: local".getBytes(StandardCharsets.ISO_8859_1));
      socket.getOutputStream().flush();
      assertEquals("", readUntilClosed(socket.getInputStream()));
    }
  }

  private void restartWith(String variable, String value) {
    stopNode();
    node = TestNode.start(TestNode.environment(variable, value));
    api = null;
  }

  private Socket connect() throws IOException {
    Socket socket = new Socket("127.0.0.1", node.httpPort());
    socket.setSoTimeout(READ_BOUND_MILLIS);
    return socket;
  }

  /** What the server wrote until it closed the connection (a read timeout fails the test). */
  private static String readUntilClosed(InputStream in) throws IOException {
    return new String(in.readAllBytes(), StandardCharsets.ISO_8859_1);
  }
}
