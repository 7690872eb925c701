package io.ordo.batch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
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
import java.util.HashMap;
import java.util.List;
import java.util.Map;
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
    Function<List<Pending<Integer, Integer>>, Future<Void>> answersEvenOnes =
        batch -> {
          batch.stream()
              .filter(p -> p.item() % 2 == 0)
              .forEach(p -> p.promise().complete(p.item()));
          return Future.succeededFuture();
        };
    submitTwo(vertx, answersEvenOnes, 2, 3)
        .onComplete(
            ctx.succeeding(
                two ->
                    ctx.verify(
                        () -> {
                          assertEquals(2, two.first().result());
                          assertInstanceOf(IllegalStateException.class, two.second().cause());
                          ctx.completeNow();
                        })));
  }

  @Test
  void aFailedFlush_failsTheRequestsItLeftOpenWithItsCause(Vertx vertx, VertxTestContext ctx) {
    RuntimeException refused = new RuntimeException("database gone");
    Function<List<Pending<Integer, Integer>>, Future<Void>> answersOneThenFails =
        batch -> {
          batch.stream().filter(p -> p.item() == 1).forEach(p -> p.promise().complete(-1));
          return Future.failedFuture(refused);
        };
    submitTwo(vertx, answersOneThenFails, 1, 2)
        .onComplete(
            ctx.succeeding(
                two ->
                    ctx.verify(
                        () -> {
                          assertEquals(-1, two.first().result());
                          assertSame(refused, two.second().cause());
                          assertTrue(two.batcher().idle());
                          ctx.completeNow();
                        })));
  }

  /** A batcher and the two requests submitted to it, both ended. */
  private record Two(
      Batcher<Integer, Integer> batcher, Future<Integer> first, Future<Integer> second) {}

  /** Submits two requests, one after the other, to a new batcher with {@code flush}. */
  private static Future<Two> submitTwo(
      Vertx vertx,
      Function<List<Pending<Integer, Integer>>, Future<Void>> flush,
      int first,
      int second) {
    Context context = vertx.getOrCreateContext();
    Promise<Two> ended = Promise.promise();
    context.runOnContext(
        v -> {
          Batcher<Integer, Integer> batcher = new Batcher<>(context, 8, 1, flush);
          Future<Integer> a = batcher.submit(first);
          Future<Integer> b = batcher.submit(second);
          Future.join(a, b).onComplete(done -> ended.complete(new Two(batcher, a, b)));
        });
    return ended.future();
  }

  @Test
  void twoRequestsOfTheSameItem_areTwoRequests_asMapKeysToo() {
    Promise<String> promise = Promise.promise();
    Pending<String, String> first = new Pending<>("same", promise);
    Pending<String, String> second = new Pending<>("same", promise);
    Map<Pending<String, String>, Integer> answers = new HashMap<>();
    answers.put(first, 1);
    answers.put(second, 2);
    assertNotEquals(first, second);
    assertEquals(first, first);
    assertEquals(2, answers.size());
    assertEquals(1, answers.get(first));
    assertEquals(2, answers.get(second));
  }
}
