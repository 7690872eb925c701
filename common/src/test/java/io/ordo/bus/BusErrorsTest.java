package io.ordo.bus;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;

import io.ordo.ErrorCode;
import io.ordo.TaskControlException;
import io.vertx.core.eventbus.ReplyException;
import io.vertx.core.eventbus.ReplyFailure;
import org.junit.jupiter.api.Test;

/**
 * A request over the event bus that no service answered becomes {@code unavailable} in words, not
 * Vert.x's own text (which a paused history service put into the problem document of every history
 * read: "Timed out after waiting 30000(ms) for a reply. address: __vertx.reply.…").
 */
class BusErrorsTest {

  @Test
  void aRequestNoServiceAnswered_isUnavailable_inWords() {
    assertUnavailable(
        new ReplyException(
            ReplyFailure.TIMEOUT,
            "Timed out after waiting 30000(ms) for a reply. address: __vertx.reply.42, repliedAddress:"
                + " ordo.history.read"),
        "service unavailable: the service that serves this request did not answer in time"
            + " (paused or overloaded); try again shortly");
    assertUnavailable(
        new ReplyException(ReplyFailure.NO_HANDLERS, "No handlers for address ordo.history.read"),
        "service unavailable: no node of the farm serves this request now; try again shortly");
    assertUnavailable(
        new ReplyException(ReplyFailure.ERROR, "Connection was closed"),
        "service unavailable; try again shortly");
  }

  private static void assertUnavailable(ReplyException reply, String message) {
    TaskControlException domain =
        assertInstanceOf(TaskControlException.class, BusErrors.toDomain(reply));
    assertEquals(ErrorCode.UNAVAILABLE, domain.code());
    assertEquals(message, domain.getMessage());
    assertFalse(domain.getMessage().contains("address"), domain.getMessage());
  }
}
