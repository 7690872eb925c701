package io.ordo.bus;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;

import io.ordo.bus.ClaimRequest.SerialQueueRef;
import io.ordo.bus.ReportBatch.Result;
import io.ordo.model.QueueKind;
import io.vertx.core.Vertx;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.json.JsonObject;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;

/**
 * The runner protocol's records on the event bus: the same instance to a consumer in this JVM, an
 * equal record from the wire to another node (read at the offset the event bus gives).
 */
class ProtocolCodecTest {

  private static final ClaimRequest CLAIM =
      new ClaimRequest(
          "owner-1",
          "node-a",
          128,
          3,
          List.of("Echo"),
          Instant.parse("2026-11-25T01:00:00.000123Z"),
          List.of(new SerialQueueRef("t", "q1")));

  private static final ClaimedTask TASK =
      new ClaimedTask(
          "t",
          "m1",
          QueueKind.SERIAL,
          "q1",
          "Echo",
          null,
          new JsonObject().put("n", 1),
          new JsonObject().put("startToClose", 60),
          2,
          "owner-1",
          7,
          new JsonObject().put("principal", "alice"),
          Instant.parse("2026-11-25T00:59:58.000789Z"),
          Instant.parse("2026-11-25T00:59:59.000456Z"));

  private static final ReportBatch BATCH =
      new ReportBatch(
          "node-a",
          List.of(
              TaskReport.of(
                  ReportType.STARTED,
                  TASK,
                  Instant.parse("2026-11-25T01:00:00.123Z"),
                  new JsonObject()),
              TaskReport.of(
                  ReportType.COMPLETED,
                  TASK,
                  Instant.parse("2026-11-25T01:00:00.456Z"),
                  new JsonObject().put("result", new JsonObject().put("ok", true)))));

  @Test
  void eachRecord_crossesTheWireEqual_andStaysTheSameInstanceInThisJvm() {
    roundTrip(ClaimRequest.class, CLAIM);
    roundTrip(ClaimedTasks.class, new ClaimedTasks(List.of(TASK)));
    roundTrip(ReportBatch.class, BATCH);
    roundTrip(
        ReportBatch.Answer.class, new ReportBatch.Answer(List.of(Result.APPLIED, Result.LOST)));
  }

  @Test
  void register_onceForAnEventBus_andTheRecordsTravelAsThemselves() {
    Vertx vertx = Vertx.vertx();
    try {
      ProtocolCodecs.register(vertx.eventBus());
      ProtocolCodecs.register(vertx.eventBus()); // a second verticle of the node: no error
      vertx
          .eventBus()
          .<ClaimRequest>consumer("test", m -> m.reply(new ClaimedTasks(List.of(TASK))));
      ClaimedTasks reply = vertx.eventBus().<ClaimedTasks>request("test", CLAIM).await().body();
      assertEquals(List.of(TASK), reply.tasks());
    } finally {
      vertx.close().await();
    }
  }

  /**
   * The node's verticles register on several event loops at once: none may go on (and send a claim)
   * before the codecs are there.
   */
  @Test
  void register_returnsOnlyOnceTheCodecsAreRegistered_whenVerticlesRaceForIt() throws Exception {
    for (int round = 0; round < 50; round++) {
      Vertx vertx = Vertx.vertx();
      try {
        CyclicBarrier start = new CyclicBarrier(2);
        Callable<Void> verticle =
            () -> {
              start.await();
              ProtocolCodecs.register(vertx.eventBus());
              vertx.eventBus().send("nobody", CLAIM); // throws without the record's codec
              return null;
            };
        ExecutorService threads = Executors.newFixedThreadPool(2);
        try {
          for (Future<Void> started : threads.invokeAll(List.of(verticle, verticle))) {
            started.get();
          }
        } finally {
          threads.shutdownNow();
        }
      } finally {
        vertx.close().await();
      }
    }
  }

  private static <T> void roundTrip(Class<T> type, T value) {
    ProtocolCodec<T> codec = ProtocolCodecs.codec(type);
    Buffer wire = Buffer.buffer("prefix");
    codec.encodeToWire(wire, value);
    assertEquals(value, codec.decodeFromWire("prefix".length(), wire), type.getSimpleName());
    assertSame(value, codec.transform(value), type.getSimpleName());
    assertEquals("ordo." + type.getSimpleName(), codec.name());
  }
}
