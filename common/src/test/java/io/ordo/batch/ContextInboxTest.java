package io.ordo.batch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;

import io.vertx.core.Context;
import io.vertx.core.Vertx;
import io.vertx.junit5.VertxExtension;
import io.vertx.junit5.VertxTestContext;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/** Items posted from any thread reach the context, each thread's in order, a burst at a time. */
@ExtendWith(VertxExtension.class)
class ContextInboxTest {
  private static final int THREADS = 4;
  private static final int PER_THREAD = 2_000;

  @Test
  void itemsFromManyThreads_allArriveOnTheContext_eachThreadsInOrder(
      Vertx vertx, VertxTestContext ctx) {
    Context context = vertx.getOrCreateContext();
    List<int[]> taken = new ArrayList<>();
    ContextInbox<int[]> inbox =
        new ContextInbox<>(
            context,
            burst ->
                ctx.verify(
                    () -> {
                      assertSame(context, Vertx.currentContext());
                      taken.addAll(burst);
                      if (taken.size() == THREADS * PER_THREAD) {
                        int[] next = new int[THREADS];
                        for (int[] item : taken) {
                          assertEquals(next[item[0]]++, item[1], "thread " + item[0]);
                        }
                        ctx.completeNow();
                      }
                    }));
    for (int t = 0; t < THREADS; t++) {
      int thread = t;
      new Thread(
              () -> {
                for (int i = 0; i < PER_THREAD; i++) {
                  inbox.post(new int[] {thread, i});
                }
              })
          .start();
    }
  }

  @Test
  void itemsPostedWhileTheContextIsBusy_arriveAsOneBurst(Vertx vertx, VertxTestContext ctx)
      throws InterruptedException {
    Context context = vertx.getOrCreateContext();
    List<List<Integer>> bursts = new ArrayList<>();
    ContextInbox<Integer> inbox = new ContextInbox<>(context, bursts::add);
    CountDownLatch busy = new CountDownLatch(1);
    CountDownLatch posted = new CountDownLatch(1);
    context.runOnContext(
        v -> {
          busy.countDown();
          try {
            posted.await(10, TimeUnit.SECONDS); // the context is busy while the items come
          } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
          }
        });
    busy.await(10, TimeUnit.SECONDS);
    for (int i = 0; i < 100; i++) {
      inbox.post(i);
    }
    posted.countDown();
    context.runOnContext(
        v ->
            ctx.verify(
                () -> {
                  assertEquals(1, bursts.size(), "one wake-up for the burst");
                  assertEquals(100, bursts.get(0).size());
                  assertEquals(0, bursts.get(0).get(0));
                  assertEquals(99, bursts.get(0).get(99));
                  ctx.completeNow();
                }));
  }
}
