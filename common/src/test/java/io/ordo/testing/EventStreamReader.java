package io.ordo.testing;

import io.vertx.core.Vertx;
import io.vertx.core.http.HttpClient;
import io.vertx.core.http.HttpClientResponse;
import io.vertx.core.http.RequestOptions;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;

/**
 * Reads a Server-Sent Events stream over real HTTP: each message's {@code event} and {@code data},
 * as they arrive, until the server ends the stream. An answer that is not an event stream (a
 * problem, say) fails {@link #ended()} with its status and type.
 *
 * <p>The reader holds its HTTP client until the stream ends: Vert.x closes a client that is no
 * longer reachable (its {@code CleanableHttpClient}), so a client left to the garbage collector
 * closed a stream in the middle ("Connection was closed").
 */
public final class EventStreamReader {
  /** One message: its event name and its data (null where a line is missing). */
  public record Message(String event, String data) {}

  private final List<Message> messages = new ArrayList<>();
  private final CompletableFuture<Void> ended = new CompletableFuture<>();
  private final StringBuilder buffer = new StringBuilder();
  private final HttpClient client;

  private EventStreamReader(HttpClient client) {
    this.client = client;
  }

  /** Sends the request and reads its answer's events. */
  public static EventStreamReader open(Vertx vertx, RequestOptions request) {
    EventStreamReader reader = new EventStreamReader(vertx.createHttpClient());
    reader.ended.whenComplete((v, e) -> reader.client.close());
    reader
        .client
        .request(request)
        .compose(sending -> sending.send())
        .onSuccess(reader::read)
        .onFailure(reader.ended::completeExceptionally);
    return reader;
  }

  /** Completes when the server ended the stream; fails if the stream could not be read. */
  public CompletableFuture<Void> ended() {
    return ended;
  }

  /**
   * The messages received so far (a copy, read under the lock they are added with); a stream that
   * failed fails the caller with its cause.
   */
  public List<Message> messages() {
    if (ended.isCompletedExceptionally()) {
      ended.join();
    }
    synchronized (messages) {
      return List.copyOf(messages);
    }
  }

  /** The event names received so far (messages without one left out). */
  public List<String> events() {
    return messages().stream().map(Message::event).filter(e -> e != null).toList();
  }

  private void read(HttpClientResponse response) {
    String type = response.getHeader("content-type");
    if (type == null || !type.startsWith("text/event-stream")) {
      ended.completeExceptionally(
          new AssertionError("not an event stream: " + response.statusCode() + " " + type));
      return;
    }
    response.handler(
        chunk -> {
          buffer.append(chunk.toString());
          int end;
          while ((end = buffer.indexOf("\n\n")) >= 0) {
            String message = buffer.substring(0, end);
            buffer.delete(0, end + 2);
            add(message);
          }
        });
    response.exceptionHandler(ended::completeExceptionally); // a connection closed mid-stream
    response.endHandler(v -> ended.complete(null));
  }

  private void add(String message) {
    String event = null;
    String data = null;
    for (String line : message.split("\n")) {
      if (line.startsWith("event: ")) {
        event = line.substring(7);
      } else if (line.startsWith("data: ")) {
        data = line.substring(6);
      }
    }
    if (event == null && data == null) {
      return; // a comment (keep-alive)
    }
    synchronized (messages) {
      messages.add(new Message(event, data));
    }
  }
}
