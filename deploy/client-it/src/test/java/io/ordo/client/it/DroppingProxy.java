package io.ordo.client.it;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * A TCP proxy to a node that loses the first answer: it forwards the first connection's request,
 * and as soon as the node's answer starts (the node has done the work) closes the connection
 * without passing it on. Later connections are forwarded both ways. Records each request's bytes.
 * As {@link #forwarding}, it forwards every connection, until {@link #cut()} drops them or {@link
 * #stall()} silences them.
 */
final class DroppingProxy implements AutoCloseable {
  private final ServerSocket server;
  private final URI target;
  private final boolean dropFirstAnswer;
  private final List<String> requests = new CopyOnWriteArrayList<>();
  private final List<Socket> sockets = new CopyOnWriteArrayList<>();
  private final Set<Socket> stalled = ConcurrentHashMap.newKeySet();
  private final Set<Integer> closedByClient = ConcurrentHashMap.newKeySet();

  DroppingProxy(String targetBaseUrl) throws IOException {
    this(targetBaseUrl, true);
  }

  /** A proxy that loses no answer; {@link #cut()} drops the connections open at the time. */
  static DroppingProxy forwarding(String targetBaseUrl) throws IOException {
    return new DroppingProxy(targetBaseUrl, false);
  }

  private DroppingProxy(String targetBaseUrl, boolean dropFirstAnswer) throws IOException {
    this.target = URI.create(targetBaseUrl);
    this.dropFirstAnswer = dropFirstAnswer;
    this.server = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
    Thread acceptor = new Thread(this::accept, "dropping-proxy");
    acceptor.setDaemon(true);
    acceptor.start();
  }

  String baseUrl() {
    return "http://127.0.0.1:" + server.getLocalPort();
  }

  /**
   * The connections (by their number, as in {@link #requests()}) whose client closed them: their
   * request side ended while the proxy had not cut them.
   */
  Set<Integer> closedByClient() {
    return Set.copyOf(closedByClient);
  }

  /** The text each connection sent, in order. */
  List<String> requests() {
    return requests;
  }

  private void accept() {
    try {
      for (int n = 0; ; n++) {
        Socket client = server.accept();
        Socket upstream = new Socket(target.getHost(), target.getPort());
        sockets.add(client);
        sockets.add(upstream);
        int index = n;
        requests.add("");
        start(
            () -> {
              try {
                pump(client.getInputStream(), upstream.getOutputStream(), index);
              } finally {
                if (!client.isClosed()) {
                  closedByClient.add(index); // its end of file or reset, not the proxy's cut
                }
              }
            });
        start(
            () -> {
              if (index == 0 && dropFirstAnswer) {
                upstream.getInputStream().read(); // the answer starts: the work is done
                client.close();
                upstream.close();
              } else {
                answer(upstream.getInputStream(), client);
              }
            });
      }
    } catch (IOException closed) {
      // the proxy was closed
    }
  }

  /** Passes the node's answer on to the client, until the connection is stalled. */
  private void answer(InputStream in, Socket client) throws IOException {
    OutputStream out = client.getOutputStream();
    byte[] buffer = new byte[8192];
    for (int read; (read = in.read(buffer)) >= 0; ) {
      if (!stalled.contains(client)) {
        out.write(buffer, 0, read);
        out.flush();
      }
    }
  }

  private void pump(InputStream in, OutputStream out, int recordAs) throws IOException {
    byte[] buffer = new byte[8192];
    for (int read; (read = in.read(buffer)) >= 0; ) {
      if (recordAs >= 0) {
        requests.set(
            recordAs,
            requests.get(recordAs) + new String(buffer, 0, read, StandardCharsets.ISO_8859_1));
      }
      out.write(buffer, 0, read);
      out.flush();
    }
  }

  private interface IoWork {
    void run() throws IOException;
  }

  private static void start(IoWork work) {
    Thread thread =
        new Thread(
            () -> {
              try {
                work.run();
              } catch (IOException ended) {
                // one side closed
              }
            });
    thread.setDaemon(true);
    thread.start();
  }

  /**
   * Stops passing the node's bytes to the clients of the connections open now, which stay open (as
   * a node paused with SIGSTOP would look to them); later connections are forwarded.
   */
  void stall() {
    stalled.addAll(sockets);
  }

  /** Closes every connection open now, both ways (as a node that went away would). */
  void cut() throws IOException {
    for (Socket socket : sockets) {
      socket.close();
    }
  }

  @Override
  public void close() throws IOException {
    server.close();
    cut();
  }
}
