package io.ordo.client.http;

import java.time.Duration;
import java.util.concurrent.Flow;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Consumer;

/**
 * One connection's lines read as Server-Sent Events (the WHATWG rules for the fields {@code id},
 * {@code event} and {@code data}; comments and other fields skipped): each message is handed on at
 * the blank line that ends it. If the receiver throws, the connection is cancelled and nothing more
 * is handed on (the receiver reports its own failures).
 */
final class EventStreamLines implements Flow.Subscriber<String> {

  /**
   * One message.
   *
   * @param id its {@code id}, null if it had none
   * @param event its {@code event} ({@code message} if it had none)
   * @param data its {@code data} lines, joined by line feeds
   */
  record Message(String id, String event, String data) {}

  private final Consumer<Message> receiver;
  private final AtomicBoolean over = new AtomicBoolean();
  private volatile long lastLineNanos = System.nanoTime();
  private volatile boolean anyLine;
  private Flow.Subscription subscription;
  private Future<?> exchange;
  // set by whichever thread closes the connection, read by the one that hands its lines on
  private volatile boolean cancelled;
  private String id;
  private String event;
  private StringBuilder data;

  EventStreamLines(Consumer<Message> receiver) {
    this.receiver = receiver;
  }

  @Override
  public synchronized void onSubscribe(Flow.Subscription subscription) {
    this.subscription = subscription;
    if (cancelled) {
      subscription.cancel();
    } else {
      subscription.request(Long.MAX_VALUE);
    }
  }

  /** Whether any line came (an event's, or the node's keep-alive comment): the stream worked. */
  boolean anyLine() {
    return anyLine;
  }

  /** How long ago the last line came (or the connection was made, before any line). */
  Duration silence() {
    return Duration.ofNanos(System.nanoTime() - lastLineNanos);
  }

  /**
   * Marks the connection over; true only the first time (its end, or a watchdog that gave it up,
   * whichever comes first, acts on it).
   */
  boolean over() {
    return over.compareAndSet(false, true);
  }

  @Override
  public void onNext(String line) {
    lastLineNanos = System.nanoTime();
    anyLine = true;
    if (cancelled) {
      return;
    }
    if (line.isEmpty()) {
      dispatch();
      return;
    }
    if (line.startsWith(":")) {
      return; // a comment: the server's keep-alive
    }
    int colon = line.indexOf(':');
    String field = colon < 0 ? line : line.substring(0, colon);
    String value = colon < 0 ? "" : line.substring(colon + 1);
    if (value.startsWith(" ")) {
      value = value.substring(1);
    }
    switch (field) {
      case "id" -> id = value;
      case "event" -> event = value;
      case "data" -> {
        if (data == null) {
          data = new StringBuilder(value);
        } else {
          data.append('\n').append(value);
        }
      }
      default -> {
        // retry and unknown fields: nothing to do
      }
    }
  }

  private void dispatch() {
    Message message =
        data == null ? null : new Message(id, event == null ? "message" : event, data.toString());
    event = null;
    data = null;
    if (message == null) {
      return;
    }
    try {
      receiver.accept(message);
    } catch (RuntimeException e) {
      // a receiver reports its own failures; a subscriber must not throw at its publisher
      cancel();
    }
  }

  /**
   * The exchange that reads into this connection, which {@link #cancel} aborts: before the headers
   * come there is no subscription to cancel, and only cancelling the exchange closes the connection
   * then.
   */
  synchronized void opened(Future<?> exchange) {
    this.exchange = exchange;
    if (cancelled) {
      exchange.cancel(true);
    }
  }

  /** Closes the connection, whether its headers came or not; no message is handed on after it. */
  synchronized void cancel() {
    cancelled = true;
    if (subscription != null) {
      subscription.cancel();
    }
    if (exchange != null) {
      exchange.cancel(true);
    }
  }

  @Override
  public void onError(Throwable throwable) {
    // the stream's future reports it
  }

  @Override
  public void onComplete() {
    // the stream's future reports it
  }
}
