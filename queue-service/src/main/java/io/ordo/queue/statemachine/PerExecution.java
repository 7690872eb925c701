package io.ordo.queue.statemachine;

import io.ordo.queue.store.ExecutionKey;
import io.vertx.core.Future;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import java.util.function.Supplier;

/**
 * Runs one advance of an execution at a time in this queue service, in the order asked: two
 * advances of one owner would otherwise both hold the lock ("already mine") and one of them lose
 * its save. Routine advances (hints, polls) asked for while one is already queued are merged into
 * it.
 */
final class PerExecution {
  private final Map<ExecutionKey, Future<?>> tails = new HashMap<>();
  private final Set<ExecutionKey> routineQueued = new HashSet<>();

  /** Queues work behind what runs for the execution. */
  synchronized <T> Future<T> submit(ExecutionKey key, Supplier<Future<T>> work) {
    Future<?> previous = tails.getOrDefault(key, Future.succeededFuture());
    Future<T> next = previous.transform(done -> work.get());
    tails.put(key, next);
    next.onComplete(done -> forget(key, next));
    return next;
  }

  /** Queues routine work, unless routine work is already queued (not yet started) for it. */
  synchronized Future<Void> submitRoutine(ExecutionKey key, Supplier<Future<Void>> work) {
    if (!routineQueued.add(key)) {
      return Future.succeededFuture();
    }
    return submit(
        key,
        () -> {
          started(key);
          return work.get();
        });
  }

  synchronized int size() {
    return tails.size();
  }

  private synchronized void started(ExecutionKey key) {
    routineQueued.remove(key);
  }

  private synchronized void forget(ExecutionKey key, Future<?> finished) {
    if (tails.get(key) == finished) {
      tails.remove(key);
    }
  }
}
