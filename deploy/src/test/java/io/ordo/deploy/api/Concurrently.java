package io.ordo.deploy.api;

import io.ordo.deploy.Api;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.function.IntFunction;
import java.util.function.Supplier;

/** Sends requests from many threads released at the same moment, for race tests. */
final class Concurrently {
  private Concurrently() {}

  /** Runs {@code request} on {@code count} threads at once; the replies in thread order. */
  static List<Api.Reply> run(int count, Supplier<Api.Reply> request) throws Exception {
    return run(count, i -> request.get());
  }

  /** Runs {@code request.apply(i)} for i in 0..count-1, each on its own thread, all at once. */
  static List<Api.Reply> run(int count, IntFunction<Api.Reply> request) throws Exception {
    ExecutorService pool = Executors.newFixedThreadPool(count);
    CountDownLatch start = new CountDownLatch(1);
    try {
      List<Future<Api.Reply>> pending = new ArrayList<>();
      for (int i = 0; i < count; i++) {
        int index = i;
        pending.add(
            pool.submit(
                () -> {
                  start.await();
                  return request.apply(index);
                }));
      }
      start.countDown();
      List<Api.Reply> replies = new ArrayList<>();
      for (Future<Api.Reply> reply : pending) {
        replies.add(reply.get(120, TimeUnit.SECONDS));
      }
      return replies;
    } finally {
      pool.shutdownNow();
    }
  }
}
