package io.ordo.runner;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.ordo.bus.Addresses;
import io.ordo.bus.ClaimRequest;
import io.ordo.bus.ClaimedTask;
import io.ordo.bus.ProtocolCodecs;
import io.ordo.bus.QueueServiceContact;
import io.ordo.bus.ReportBatch;
import io.ordo.bus.ReportType;
import io.ordo.bus.TaskReport;
import io.ordo.model.QueueKind;
import io.vertx.core.Context;
import io.vertx.core.Vertx;
import io.vertx.core.json.JsonObject;
import io.vertx.junit5.VertxExtension;
import io.vertx.junit5.VertxTestContext;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * A runner's claim or report batch that the event bus refuses to send (here: a bus without the
 * protocol's codecs, which makes {@code request} throw at its caller) fails like an unanswered one:
 * the claim loop is not left waiting for an answer that never comes, and the reports are sent again
 * rather than dropped.
 */
@ExtendWith(VertxExtension.class)
class UnsentRequestsTest {
  private static final String OWNER = UUID.randomUUID().toString();

  @Test
  void aClaimThatCouldNotBeSent_leavesTheLoopFreeToClaimAgain(Vertx vertx, VertxTestContext test) {
    vertx.runOnContext(
        v -> {
          ClaimLoop loop = ClaimLoops.of(vertx, OWNER, new Slots(8, 120));
          // the precondition: this bus cannot send a claim yet
          assertThrows(
              IllegalArgumentException.class,
              () -> vertx.eventBus().request(Addresses.QUEUE_CLAIM, claimRequest()));
          loop.claim();
          // from now on the bus can send claims (answerFirst registers the codecs)
          ClaimLoops.answerFirst(
              vertx,
              test,
              claim -> {
                assertEquals(OWNER, claim.ownerId());
                assertEquals(16, claim.capacity());
              });
          loop.claim();
        });
  }

  @Test
  void aReportBatchThatCouldNotBeSent_isSentAgain_notDropped(Vertx vertx, VertxTestContext test) {
    Context context = vertx.getOrCreateContext();
    context.runOnContext(
        v -> {
          Reporter reporter =
              new Reporter(
                  vertx,
                  context,
                  "node-a",
                  new QueueServiceContact(Duration.ofMinutes(1)),
                  Duration.ofSeconds(30));
          reporter
              .report(TaskReport.of(ReportType.STARTED, task(), Instant.now(), new JsonObject()))
              .onComplete(
                  test.succeeding(
                      result ->
                          test.verify(
                              () -> {
                                assertEquals(ReportBatch.Result.APPLIED, result);
                                test.completeNow();
                              })));
          // the first attempt could not be sent; the retry finds the codecs and an answer
          ProtocolCodecs.register(vertx.eventBus());
          vertx
              .eventBus()
              .<ReportBatch>consumer(
                  Addresses.QUEUE_REPORT,
                  batch ->
                      batch.reply(new ReportBatch.Answer(List.of(ReportBatch.Result.APPLIED))));
        });
  }

  private static ClaimRequest claimRequest() {
    return new ClaimRequest(OWNER, "node-a", 1, 1, List.of("Echo"), null, List.of());
  }

  private static ClaimedTask task() {
    return Claimed.task(QueueKind.PARALLEL, OWNER);
  }
}
