package io.ordo.bus;

import static org.junit.jupiter.api.Assertions.assertTrue;

import io.vertx.core.eventbus.ReplyException;
import io.vertx.core.eventbus.ReplyFailure;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/** When a node counts as out of reach of every queue service, and when in reach again. */
class QueueServiceContactTest {
  private static final long SECOND = Duration.ofSeconds(1).toNanos();
  private static final ReplyException NO_HANDLERS =
      new ReplyException(ReplyFailure.NO_HANDLERS, "No handlers for address ordo.queue.claim");

  private final QueueServiceContact contact = new QueueServiceContact(Duration.ofSeconds(60));

  @Test
  void onlyNoHandlersFailures_forTheWholeLimit_failTheCheck() {
    contact.failed(NO_HANDLERS, 0);
    contact.failed(NO_HANDLERS, 30 * SECOND);
    assertTrue(contact.check(59 * SECOND).succeeded(), "within the limit");
    assertTrue(contact.check(60 * SECOND).failed(), "limit passed since the first failure");
  }

  @Test
  void anAnswer_clearsIt() {
    contact.failed(NO_HANDLERS, 0);
    contact.answered();
    contact.failed(NO_HANDLERS, 50 * SECOND);
    assertTrue(contact.check(100 * SECOND).succeeded(), "counted from the failure after it");
    assertTrue(contact.check(110 * SECOND).failed());
  }

  @Test
  void aFailureThatReachedAQueueService_clearsIt() {
    contact.failed(NO_HANDLERS, 0);
    contact.failed(new ReplyException(ReplyFailure.TIMEOUT, "Timed out"), 10 * SECOND);
    assertTrue(contact.check(90 * SECOND).succeeded());
  }

  @Test
  void withoutFailures_itPasses() {
    assertTrue(contact.check(Long.MAX_VALUE / 2).succeeded());
  }
}
