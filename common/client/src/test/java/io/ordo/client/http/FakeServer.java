package io.ordo.client.http;

import static org.junit.jupiter.api.Assertions.fail;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.BooleanSupplier;

/**
 * A misbehaving HTTP server for transport tests: each request's head is read, then the {@link
 * Behaviour} writes whatever it likes (or nothing); the connection stays open for the next request
 * until the client closes it. Counts the connections accepted and those still open.
 */
final class FakeServer implements AutoCloseable {
  /** What the server writes on one connection after reading its request head. */
  interface Behaviour {
    void answer(String requestHead, OutputStream out) throws IOException;
  }

  private final ServerSocket server;
  private final Behaviour behaviour;
  private final AtomicInteger accepted = new AtomicInteger();
  private final AtomicInteger open = new AtomicInteger();
  private final List<Socket> sockets = new CopyOnWriteArrayList<>();
  private final List<String> requests = new CopyOnWriteArrayList<>();

  FakeServer(Behaviour behaviour) throws IOException {
    this.behaviour = behaviour;
    this.server = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
    daemon(this::accept);
  }

  /** The answer head and body text of a complete, well-formed answer. */
  static Behaviour answering(int status, String contentType, String body) {
    byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
    return (head, out) -> {
      String answer =
          "HTTP/1.1 "
              + status
              + " X\r\nContent-Type: "
              + contentType
              + "\r\nContent-Length: "
              + bytes.length
              + "\r\n\r\n";
      out.write(answer.getBytes(StandardCharsets.ISO_8859_1));
      out.write(bytes);
      out.flush();
    };
  }

  String baseUrl() {
    return "http://127.0.0.1:" + server.getLocalPort();
  }

  /** Connections accepted so far. */
  int accepted() {
    return accepted.get();
  }

  /** Connections the client has not closed yet. */
  int open() {
    return open.get();
  }

  /** The request heads, in the order they came. */
  List<String> requests() {
    return requests;
  }

  private void accept() {
    try {
      while (true) {
        Socket socket = server.accept();
        sockets.add(socket);
        accepted.incrementAndGet();
        open.incrementAndGet();
        daemon(() -> serve(socket));
      }
    } catch (IOException closed) {
      // the server was closed
    }
  }

  private void serve(Socket socket) {
    try (socket) {
      InputStream in = socket.getInputStream();
      // each request of the connection (the client keeps it alive), until the client closes it
      for (String head = head(in); !head.isEmpty(); head = head(in)) {
        requests.add(head);
        behaviour.answer(head, socket.getOutputStream());
      }
    } catch (IOException e) {
      // the client closed or reset the connection
    } finally {
      open.decrementAndGet();
    }
  }

  private static String head(InputStream in) throws IOException {
    ByteArrayOutputStream head = new ByteArrayOutputStream();
    int matched = 0;
    for (int b; matched < 4 && (b = in.read()) >= 0; ) {
      head.write(b);
      matched =
          (b == '\r' && matched % 2 == 0) || (b == '\n' && matched % 2 == 1) ? matched + 1 : 0;
    }
    return head.toString(StandardCharsets.ISO_8859_1);
  }

  private static void daemon(Runnable work) {
    Thread thread = new Thread(work, "fake-server");
    thread.setDaemon(true);
    thread.start();
  }

  /** Waits until {@code condition} holds, at most {@code within}. */
  static void await(String what, Duration within, BooleanSupplier condition) {
    long deadline = System.nanoTime() + within.toNanos();
    while (!condition.getAsBoolean()) {
      if (System.nanoTime() > deadline) {
        fail("not within " + within + ": " + what);
      }
      try {
        Thread.sleep(10);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        fail("interrupted waiting for " + what);
      }
    }
  }

  @Override
  public void close() throws IOException {
    server.close();
    for (Socket socket : sockets) {
      socket.close();
    }
  }
}
