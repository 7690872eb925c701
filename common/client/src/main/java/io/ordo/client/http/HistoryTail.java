package io.ordo.client.http;

import io.ordo.client.http.EventStreamLines.Message;
import io.ordo.client.http.exception.ConnectionFailedException;
import io.ordo.client.http.exception.ServiceUnavailableException;
import io.ordo.client.http.exception.TaskControlException;
import java.io.IOException;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.function.Consumer;

/**
 * Follows one history's Server-Sent Events stream ({@code .../history/stream}): hands each event to
 * the listener once, in order; when the connection drops or ends before the history's {@code end},
 * opens it again after the last event received ({@code Last-Event-ID}), with the client's back-off,
 * up to its retries in a row (a connection that delivered a line, an event or the node's
 * keep-alive, resets the count), and in any case for as long as the stream idle timeout since the
 * first of them (a node restarting takes seconds, the retries' back-off well under one); a
 * connection silent for the client's stream idle timeout counts as dropped. A client without
 * retries ({@code maxRetries(0)}) never opens a stream again.
 */
final class HistoryTail implements HistoryFollow {
  private final Exchange exchange;
  private final String path;
  private final Consumer<HistoryEvent> listener;
  private final CompletableFuture<Void> done = new CompletableFuture<>();
  private volatile long lastEventId;
  private volatile EventStreamLines connection;
  // connection attempts in a row that ended without a line (guarded by this)
  private int failures;
  // System.nanoTime() when the first of them ended (guarded by this)
  private long failingSince;

  private HistoryTail(
      Exchange exchange, String path, long afterEventId, Consumer<HistoryEvent> listener) {
    this.exchange = exchange;
    this.path = path;
    this.lastEventId = afterEventId;
    this.listener = listener;
  }

  /** Starts following the history stream at {@code path} after event {@code afterEventId}. */
  static HistoryFollow follow(
      Exchange exchange, String path, long afterEventId, Consumer<HistoryEvent> listener) {
    if (afterEventId < 0) {
      throw new IllegalArgumentException(
          "afterEventId must be 0 (from the first event) or an event's id, got " + afterEventId);
    }
    HttpTaskManager.required(listener, "listener");
    HistoryTail tail = new HistoryTail(exchange, path, afterEventId, listener);
    // however done() completes (the history's end, close(), or the caller's own cancel, complete
    // or orTimeout on it), the connection open then is closed: none is opened after it
    tail.done.whenComplete((ignored, error) -> tail.closeConnection());
    try {
      exchange.track(tail.done); // the client's close() ends it
    } catch (IllegalStateException closed) {
      return tail; // its done failed with it
    }
    tail.connect();
    return tail;
  }

  @Override
  public CompletableFuture<Void> done() {
    return done;
  }

  @Override
  public long lastEventId() {
    return lastEventId;
  }

  @Override
  public void close() {
    finish(null);
  }

  private void connect() {
    if (done.isDone()) {
      return;
    }
    EventStreamLines lines = new EventStreamLines(this::received);
    connection = lines;
    CompletableFuture<Void> stream;
    try {
      stream = exchange.stream(path, lastEventId, lines);
    } catch (RuntimeException e) {
      finish(e); // e.g. the client was closed: a reconnection runs on a timer, which would drop it
      return;
    }
    stream.whenComplete(
        (ignored, error) -> {
          if (lines.over()) {
            connectionEnded(error, lines.anyLine());
          }
        });
    if (done.isDone()) {
      lines.cancel(); // closed while it opened
    } else {
      watch(lines);
    }
  }

  /**
   * Gives the connection up once it stayed silent for the client's stream idle timeout (the node
   * sends a keep-alive every 15 s: a silent connection leads to a node that stopped), and opens the
   * stream again.
   */
  private void watch(EventStreamLines lines) {
    Duration limit = exchange.streamIdleTimeout();
    Exchange.later(
        limit.dividedBy(3),
        () -> {
          if (done.isDone() || connection != lines) {
            return;
          }
          if (lines.silence().compareTo(limit) < 0) {
            watch(lines);
          } else if (lines.over()) {
            lines.cancel();
            connectionEnded(
                new IOException("no data for " + limit + " on " + path), lines.anyLine());
          }
        });
  }

  /**
   * One message of a connection. Synchronized, as {@link #connectionEnded} is: a connection given
   * up by the watchdog may still be handing on a message while the next one opens, and the listener
   * gets one event at a time, each once.
   */
  private synchronized void received(Message message) {
    switch (message.event()) {
      case "end" -> finish(null);
      case "error" -> finish(problem(message.data()));
      default -> {
        HistoryEvent event;
        try {
          event = HistoryEvent.read(Json.parse(message.data()));
        } catch (RuntimeException e) {
          finish(
              new TaskControlException(
                  "invalid_answer",
                  200,
                  "an event of the history stream " + path + " is unreadable",
                  Map.of(),
                  e));
          return;
        }
        if (event.eventId() <= lastEventId || done.isDone()) {
          return;
        }
        try {
          listener.accept(event);
        } catch (RuntimeException e) {
          finish(e);
          return;
        }
        lastEventId = event.eventId();
        failures = 0;
      }
    }
  }

  /** The problem an {@code error} message carries ({@code {code, detail}}). */
  private static TaskControlException problem(String data) {
    try {
      var json = Json.parse(data);
      return Problems.fromStream(Json.text(json, "code"), Json.text(json, "detail"));
    } catch (IllegalArgumentException e) {
      return Problems.fromStream(null, "the history stream ended with an unreadable error");
    }
  }

  /**
   * A connection ended before the history did; {@code worked}: it had delivered a line (an event or
   * a keep-alive), so it was no failed attempt and the row of failures starts anew.
   */
  private synchronized void connectionEnded(Throwable error, boolean worked) {
    if (done.isDone()) {
      return;
    }
    if (worked) {
      failures = 0;
    }
    Throwable cause = error instanceof CompletionException ? error.getCause() : error;
    if (cause != null
        && !(cause instanceof IOException)
        && !(cause instanceof ServiceUnavailableException)) {
      // not found, unauthorized, ...: opening it again would answer the same
      finish(cause);
      return;
    }
    if (failures == 0) {
      failingSince = System.nanoTime();
    }
    boolean stillWithinIdleTimeout =
        exchange.maxRetries() > 0
            && System.nanoTime() - failingSince < exchange.streamIdleTimeout().toNanos();
    if (failures >= exchange.maxRetries() && !stillWithinIdleTimeout) {
      finish(
          new ConnectionFailedException(
              "the history stream "
                  + path
                  + " ended before the history did and could not be opened again ("
                  + (failures + 1)
                  + " attempts, for at least the stream idle timeout "
                  + exchange.streamIdleTimeout()
                  + ")",
              cause));
      return;
    }
    exchange.after(failures++, this::connect);
  }

  /** Completes {@link #done}, which closes the connection; a later completion changes nothing. */
  private void finish(Throwable failure) {
    if (failure == null) {
      done.complete(null);
    } else {
      done.completeExceptionally(failure);
    }
  }

  private void closeConnection() {
    EventStreamLines lines = connection;
    if (lines != null) {
      lines.cancel();
    }
  }
}
