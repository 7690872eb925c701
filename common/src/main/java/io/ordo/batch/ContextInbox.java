package io.ordo.batch;

import io.vertx.core.Context;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Consumer;

/**
 * Hands items from any thread to one Vert.x context: the context is woken once for every burst of
 * items, not once per item ({@code runOnContext} each time wakes an event loop that may be asleep
 * in its selector), and gets the whole burst at once. Items from one thread arrive in the order it
 * posted them.
 *
 * @param <T> the item
 */
public final class ContextInbox<T> {
  private final Context context;
  private final Consumer<List<T>> consumer;
  private final ConcurrentLinkedQueue<T> items = new ConcurrentLinkedQueue<>();
  private final AtomicBoolean scheduled = new AtomicBoolean();

  /**
   * @param context where the items are taken
   * @param consumer takes each burst of items, on {@code context}
   */
  public ContextInbox(Context context, Consumer<List<T>> consumer) {
    this.context = context;
    this.consumer = consumer;
  }

  /** Posts an item (any thread). */
  public void post(T item) {
    items.add(item);
    if (scheduled.compareAndSet(false, true)) {
      context.runOnContext(v -> take());
    }
  }

  /** Whether no item waits to be taken. */
  public boolean isEmpty() {
    return items.isEmpty();
  }

  private void take() {
    scheduled.set(false); // an item posted from now on wakes the context again
    List<T> burst = new ArrayList<>();
    for (T item = items.poll(); item != null; item = items.poll()) {
      burst.add(item);
    }
    if (!burst.isEmpty()) {
      consumer.accept(burst);
    }
  }
}
