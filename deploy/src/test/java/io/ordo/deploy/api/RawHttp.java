package io.ordo.deploy.api;

import io.ordo.deploy.Api;
import io.vertx.core.MultiMap;
import io.vertx.core.buffer.Buffer;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;

/** Bytes on a socket, for requests an HTTP client refuses to send (bad framing, bad escapes). */
final class RawHttp {
  private RawHttp() {}

  /** Sends the text and answers what the server wrote until it closed or went quiet for 5 s. */
  static String exchange(int port, String request) throws IOException {
    try (Socket socket = new Socket("127.0.0.1", port)) {
      socket.setSoTimeout(5_000);
      socket.getOutputStream().write(request.getBytes(StandardCharsets.ISO_8859_1));
      socket.getOutputStream().flush();
      return readUntilQuiet(socket.getInputStream());
    }
  }

  static String readUntilQuiet(InputStream in) throws IOException {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    byte[] buffer = new byte[8192];
    try {
      int n;
      while ((n = in.read(buffer)) >= 0) {
        out.write(buffer, 0, n);
        if (out.toString(StandardCharsets.ISO_8859_1).contains("\r\n\r\n") && in.available() == 0) {
          String text = out.toString(StandardCharsets.ISO_8859_1);
          if (complete(text)) {
            break;
          }
        }
      }
    } catch (SocketTimeoutException e) {
      // quiet: answer what arrived
    }
    return out.toString(StandardCharsets.ISO_8859_1);
  }

  private static boolean complete(String text) {
    int head = text.indexOf("\r\n\r\n");
    String lower = text.substring(0, head).toLowerCase();
    int at = lower.indexOf("content-length:");
    if (at < 0) {
      return true;
    }
    int end = lower.indexOf("\r\n", at);
    int length = Integer.parseInt(lower.substring(at + 15, end < 0 ? head : end).trim());
    return text.length() - head - 4 >= length;
  }

  /** The status code of a raw response (HTTP/1.0 or 1.1), or -1 if there is none. */
  static int status(String response) {
    return response.startsWith("HTTP/1.1 ") || response.startsWith("HTTP/1.0 ")
        ? Integer.parseInt(response.substring(9, 12))
        : -1;
  }

  /**
   * A raw response as the API client's reply: status, headers and body (-1 and nothing when the
   * server closed the connection without an answer).
   */
  static Api.Reply reply(String response) {
    int head = response.indexOf("\r\n\r\n");
    MultiMap headers = MultiMap.caseInsensitiveMultiMap();
    if (head < 0) {
      return new Api.Reply(-1, null, Buffer.buffer(response), headers);
    }
    for (String line : response.substring(0, head).split("\r\n")) {
      int colon = line.indexOf(':');
      if (colon > 0) {
        headers.add(line.substring(0, colon).trim(), line.substring(colon + 1).trim());
      }
    }
    return new Api.Reply(
        status(response),
        headers.get("content-type"),
        Buffer.buffer(response.substring(head + 4).getBytes(StandardCharsets.ISO_8859_1)),
        headers);
  }
}
