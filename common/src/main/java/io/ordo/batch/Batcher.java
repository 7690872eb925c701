package io.ordo.batch;

import io.vertx.core.Context;
import io.vertx.core.Future;
import io.vertx.core.Promise;
import io.vertx.core.Vertx;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;

/**
 * Turns many small requests into few batches: while a batch is being written, new requests queue up
 * and go together in the next one. With nothing in flight a request is flushed at once, so an idle
 * system pays no added latency; under load, one transaction serves many requests.
 *
 * <p>Confined to the Vert.x context it was created on, but {@link #submit}, which any thread may
 * call: requests from other threads reach the context through a {@link ContextInbox}, a burst of
 * them with one wake-up.
 *
 * @param <I> the request
 * @param <O> the answer to one request
 */
public final class Batcher<I, O> {

  /**
   * One queued request and the promise its caller waits on. Each is a request of its own, equal
   * only to itself: as a map key it hashes in constant time (a record's hash would walk the whole
   * item, its JSON included, at every lookup).
   */
  public record Pending<I, O>(I item, Promise<O> promise) {
    @Override
    public boolean equals(Object other) {
      return this == other;
    }

    @Override
    public int hashCode() {
      return System.identityHashCode(this);
    }
  }

  private final Context context;
  private final int maxBatchSize;
  private final int maxInFlight;
  private final Function<List<Pending<I, O>>, Future<Void>> flush;
  private final ArrayDeque<Pending<I, O>> queue = new ArrayDeque<>();
  private final ContextInbox<Pending<I, O>> inbox;
  private int inFlight;

  /**
   * @param context the context every call happens on
   * @param maxBatchSize the most requests one flush gets
   * @param maxInFlight how many flushes may run at once
   * @param flush writes a batch and completes each request's promise; if the returned future fails,
   *     every promise not yet completed fails with its cause
   */
  public Batcher(
      Context context,
      int maxBatchSize,
      int maxInFlight,
      Function<List<Pending<I, O>>, Future<Void>> flush) {
    if (maxBatchSize < 1 || maxInFlight < 1) {
      throw new IllegalArgumentException("batch size and in-flight limit must be positive");
    }
    this.context = context;
    this.maxBatchSize = maxBatchSize;
    this.maxInFlight = maxInFlight;
    this.flush = flush;
    this.inbox =
        new ContextInbox<>(
            context,
            burst -> {
              queue.addAll(burst);
              drain();
            });
  }

  public Future<O> submit(I item) {
    Promise<O> promise = Promise.promise();
    Pending<I, O> pending = new Pending<>(item, promise);
    if (Vertx.currentContext() == context) {
      enqueue(pending);
    } else {
      inbox.post(pending);
    }
    return promise.future();
  }

  private void enqueue(Pending<I, O> pending) {
    queue.add(pending);
    drain();
  }

  /** Whether no request is queued or being written (call on the context). */
  public boolean idle() {
    return queue.isEmpty() && inbox.isEmpty() && inFlight == 0;
  }

  /** Requests waiting for a flush (for metrics and tests). */
  public int queued() {
    return queue.size();
  }

  private static IllegalStateException leftOpen() {
    return new IllegalStateException("batch left request open");
  }

  private void drain() {
    while (inFlight < maxInFlight && !queue.isEmpty()) {
      List<Pending<I, O>> batch = new ArrayList<>(Math.min(queue.size(), maxBatchSize));
      while (batch.size() < maxBatchSize && !queue.isEmpty()) {
        batch.add(queue.poll());
      }
      inFlight++;
      Future<Void> written;
      try {
        written = flush.apply(batch);
      } catch (RuntimeException e) {
        written = Future.failedFuture(e);
      }
      written.onComplete(
          result -> {
            // a flush answers every request; one it left open fails (an exception is built only
            // for such a request, not for every answered one)
            Throwable cause = result.failed() ? result.cause() : null;
            for (Pending<I, O> p : batch) {
              if (!p.promise().future().isComplete()) {
                p.promise().tryFail(cause != null ? cause : leftOpen());
              }
            }
            inFlight--;
            drain();
          });
    }
  }
}
