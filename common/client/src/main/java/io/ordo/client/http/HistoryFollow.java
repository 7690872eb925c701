package io.ordo.client.http;

import java.util.concurrent.CompletableFuture;

/**
 * A live tail of a history ({@link TaskManager#followTaskHistory}, {@link
 * StateMachineManager#followExecutionHistory}): its listener gets each event once, in order. Close
 * it to stop following (also from inside the listener).
 */
public interface HistoryFollow extends AutoCloseable {

  /**
   * Completes once the history is closed and its last event was handed to the listener, or once the
   * follow was closed. Completes exceptionally with the problem that ended it: {@link
   * io.ordo.client.http.exception.InvalidTaskException} or {@link
   * io.ordo.client.http.exception.NotFoundException} (no such history, or it was purged), {@link
   * io.ordo.client.http.exception.UnauthorizedException}, the listener's own exception, or {@link
   * io.ordo.client.http.exception.ConnectionFailedException} when the stream could not be opened
   * again after the client's retries. Completing it yourself (e.g. with {@code orTimeout} or {@code
   * cancel}) ends the follow as {@link #close()} does: its connection is closed and the listener
   * gets nothing more.
   */
  CompletableFuture<Void> done();

  /** The id of the last event handed to the listener (the one given to start after, at first). */
  long lastEventId();

  /** Stops following: closes the connection and completes {@link #done()}. */
  @Override
  void close();
}
