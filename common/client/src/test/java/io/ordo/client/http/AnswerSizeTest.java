package io.ordo.client.http;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.ordo.client.http.exception.TaskControlException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Arrays;
import java.util.concurrent.CompletionException;
import org.junit.jupiter.api.Test;

/** An answer's body is read up to a bound, so an endless answer cannot fill the heap. */
class AnswerSizeTest {
  /** A chunked 200 that never ends, in chunks of 1 MiB, until the client closes it. */
  private static final FakeServer.Behaviour ENDLESS =
      (head, out) -> {
        out.write(
            "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n"
                .getBytes(StandardCharsets.ISO_8859_1));
        byte[] chunk = new byte[1 << 20];
        Arrays.fill(chunk, (byte) ' ');
        byte[] size =
            (Integer.toHexString(chunk.length) + "\r\n").getBytes(StandardCharsets.US_ASCII);
        while (true) {
          out.write(size);
          out.write(chunk);
          out.write("\r\n".getBytes(StandardCharsets.US_ASCII));
        }
      };

  @Test
  void anEndlessAnswer_failsTheCallAsInvalid_andClosesTheConnection() throws Exception {
    try (FakeServer server = new FakeServer(ENDLESS)) {
      TaskManager tasks = AnswerTimeoutTest.client(server, Duration.ofSeconds(30)).tasks();
      TaskControlException e =
          assertTimeoutPreemptively(
              Duration.ofSeconds(30),
              () -> assertThrows(TaskControlException.class, tasks::getRegisteredInfo));
      assertEquals("invalid_answer", e.code());
      assertEquals(200, e.status());
      assertTrue(
          e.getMessage().contains(Long.toString(OrdoClient.DEFAULT_MAX_ANSWER_BYTES)),
          e.getMessage());
      assertEquals(1, server.accepted(), "not retried: the same answer would come again");
      FakeServer.await("the connection closed", Duration.ofSeconds(10), () -> server.open() == 0);
      CompletionException async =
          assertThrows(CompletionException.class, tasks.getRegisteredInfoAsync()::join);
      assertEquals("invalid_answer", ((TaskControlException) async.getCause()).code());
    }
  }

  @Test
  void anAnnouncedLengthOverTheBound_isRefusedBeforeItsBodyIsRead() throws Exception {
    FakeServer.Behaviour huge =
        (head, out) -> {
          out.write(
              ("HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: "
                      + (OrdoClient.DEFAULT_MAX_ANSWER_BYTES + 1)
                      + "\r\n\r\n{")
                  .getBytes(StandardCharsets.ISO_8859_1));
          out.flush();
        };
    try (FakeServer server = new FakeServer(huge)) {
      TaskManager tasks = AnswerTimeoutTest.client(server, Duration.ofSeconds(30)).tasks();
      TaskControlException e =
          assertTimeoutPreemptively(
              Duration.ofSeconds(10),
              () -> assertThrows(TaskControlException.class, tasks::getRegisteredInfo));
      assertEquals("invalid_answer", e.code());
    }
  }
}
