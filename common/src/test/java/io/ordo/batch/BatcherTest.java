package io.ordo.batch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.ordo.batch.Batcher.Pending;
import io.vertx.core.Context;
import io.vertx.core.Future;
import io.vertx.core.Promise;
import io.vertx.core.Vertx;
import io.vertx.junit5.VertxExtension;
import io.vertx.junit5.VertxTestContext;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The batcher's contract: requests that arrive while a flush is in flight go together in the next
 * one, and every request ends, with the flush's answer, its failure, or a failure of its own when
 * the flush left it open.
 */
@ExtendWith(VertxExtension.class)
class BatcherTest {

  @Test
  void requestsQueuedBehindAFlushInFlight_goTogetherInTheNext(Vertx vertx, VertxTestContext ctx) {
    Context context = vertx.getOrCreateContext();
    List<List<Integer>> flushed = new ArrayList<>();
    List<Promise<Void>> written = new ArrayList<>();
    Function<List<Pending<Integer, Integer>>, Future<Void>> flush =
        batch -> {
          flushed.add(batch.stream().map(Pending::item).toList());
          batch.forEach(p -> p.promise().complete(p.item() * 10));
          Promise<Void> write = Promise.promise();
          written.add(write);
          return write.future();
        };
    context.runOnContext(
        v -> {
          Batcher<Integer, Integer> batcher = new Batcher<>(context, 8, 1, flush);
          Future<Integer> first = batcher.submit(1);
          Future<Integer> second = batcher.submit(2);
          Future<Integer> third = batcher.submit(3);
          written.get(0).complete();
          Future.all(first, second, third)
              .onComplete(
                  ctx.succeeding(
                      all ->
                          ctx.verify(
                              () -> {
                                assertEquals(List.of(List.of(1), List.of(2, 3)), flushed);
                                assertEquals(List.of(10, 20, 30), all.list());
                                ctx.completeNow();
                              })));
        });
  }

  @Test
  void aRequestTheFlushLeftOpen_failsAlone(Vertx vertx, VertxTestContext ctx) {
    Context context = vertx.getOrCreateContext();
    context.runOnContext(
        v -> {
          Batcher<Integer, Integer> batcher =
              new Batcher<>(
                  context,
                  8,
                  1,
                  batch -> {
                    batch.stream()
                        .filter(p -> p.item() % 2 == 0)
                        .forEach(p -> p.promise().complete(p.item()));
                    return Future.succeededFuture();
                  });
          Future<Integer> answered = batcher.submit(2);
          Future<Integer> leftOpen = batcher.submit(3);
          Future.join(answered, leftOpen)
              .onComplete(
                  done ->
                      ctx.verify(
                          () -> {
                            assertEquals(2, answered.result());
                            assertInstanceOf(IllegalStateException.class, leftOpen.cause());
                            ctx.completeNow();
                          }));
        });
  }

  @Test
  void aFailedFlush_failsTheRequestsItLeftOpenWithItsCause(Vertx vertx, VertxTestContext ctx) {
    Context context = vertx.getOrCreateContext();
    RuntimeException refused = new RuntimeException("database gone");
    context.runOnContext(
        v -> {
          Batcher<Integer, Integer> batcher =
              new Batcher<>(
                  context,
                  8,
                  1,
                  batch -> {
                    batch.stream()
                        .filter(p -> p.item() == 1)
                        .forEach(p -> p.promise().complete(-1));
                    return Future.failedFuture(refused);
                  });
          Future<Integer> answered = batcher.submit(1);
          Future<Integer> open = batcher.submit(2);
          Future.join(answered, open)
              .onComplete(
                  done ->
                      ctx.verify(
                          () -> {
                            assertEquals(-1, answered.result());
                            assertSame(refused, open.cause());
                            assertTrue(batcher.idle());
                            ctx.completeNow();
                          }));
        });
  }
}
