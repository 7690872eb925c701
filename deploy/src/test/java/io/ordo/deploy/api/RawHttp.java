package io.ordo.deploy.api;

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

  /** The status code of a raw response, or -1 if there is none. */
  static int status(String response) {
    return response.startsWith("HTTP/1.1 ") ? Integer.parseInt(response.substring(9, 12)) : -1;
  }
}
