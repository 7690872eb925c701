package io.ordo.deploy.load;

import io.vertx.core.AsyncResult;
import io.vertx.core.Future;
import io.vertx.core.Promise;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReferenceArray;
import java.util.function.IntFunction;

/**
 * Runs jobs 0..count-1 with at most {@code concurrency} of them in flight: each of {@code
 * concurrency} workers takes the next index when its previous job ends. A failed job does not stop
 * the others; every job's result is kept in index order.
 */
final class BoundedParallel {
  private final AtomicInteger done = new AtomicInteger();

  /** How many jobs have ended so far (for progress lines). */
  int done() {
    return done.get();
  }

  <T> Future<List<AsyncResult<T>>> run(int count, int concurrency, IntFunction<Future<T>> job) {
    AtomicReferenceArray<AsyncResult<T>> results = new AtomicReferenceArray<>(count);
    AtomicInteger next = new AtomicInteger();
    int workers = Math.max(1, Math.min(concurrency, count));
    AtomicInteger idle = new AtomicInteger();
    Promise<List<AsyncResult<T>>> all = Promise.promise();
    Runnable[] worker = new Runnable[1];
    worker[0] =
        () -> {
          int index = next.getAndIncrement();
          if (index >= count) {
            if (idle.incrementAndGet() == workers) {
              all.complete(collect(results));
            }
            return;
          }
          Future<T> started;
          try {
            started = job.apply(index);
          } catch (RuntimeException e) {
            started = Future.failedFuture(e);
          }
          started.onComplete(
              result -> {
                results.set(index, result);
                done.incrementAndGet();
                worker[0].run();
              });
        };
    for (int i = 0; i < workers; i++) {
      worker[0].run();
    }
    return all.future();
  }

  private static <T> List<AsyncResult<T>> collect(AtomicReferenceArray<AsyncResult<T>> results) {
    List<AsyncResult<T>> list = new ArrayList<>(results.length());
    for (int i = 0; i < results.length(); i++) {
      list.add(results.get(i));
    }
    return list;
  }
}
