package io.ordo.queue.management;

import io.ordo.ErrorCode;
import io.ordo.TaskControlException;
import io.ordo.db.TokenSigner;
import io.ordo.queue.store.QueueRow;
import io.ordo.queue.store.TaskStore.WaitingCursor;
import io.vertx.core.json.JsonObject;
import java.time.DateTimeException;
import java.time.Instant;

/**
 * The opaque {@code waitingPageToken} of a queue's waiting list: where the page before it ended
 * (received time and position of its last entry), for which queue (tenant, kind, id), signed with
 * the farm's page-token key ({@link TokenSigner}) like the task lists' and histories' tokens, so
 * that a token no node issued, or one issued for another queue or tenant, is refused (400) instead
 * of read.
 */
final class WaitingPageTokens {
  private static final String NOT_ISSUED =
      "waitingPageToken is not one this API gave (take it from waitingNextPageToken)";

  private final TokenSigner signer;

  WaitingPageTokens(TokenSigner signer) {
    this.signer = signer;
  }

  /** The token of the page of {@code queue}'s waiting list that starts after {@code cursor}. */
  String encode(QueueRow queue, WaitingCursor cursor) {
    return signer.sign(
        new JsonObject()
            .put("n", queue.tenant())
            .put("k", queue.kind().dbCode())
            .put("q", queue.queueId())
            .put("t", cursor.receivedAt().toString())
            .put("p", cursor.position()));
  }

  /** The cursor a token of {@code queue} names; {@link WaitingCursor#START} for none. */
  WaitingCursor decode(QueueRow queue, String token) {
    if (token == null || token.isEmpty()) {
      return WaitingCursor.START;
    }
    JsonObject json = signer.open(token).orElseThrow(() -> invalid(NOT_ISSUED));
    if (!queue.tenant().equals(json.getValue("n"))
        || !queue.kind().dbCode().equals(json.getValue("k"))
        || !queue.queueId().equals(json.getValue("q"))) {
      throw invalid(
          "waitingPageToken belongs to another queue or tenant"
              + " (take it from this queue's waitingNextPageToken)");
    }
    try {
      return new WaitingCursor(Instant.parse(json.getString("t")), json.getLong("p"));
    } catch (DateTimeException | NullPointerException | ClassCastException e) {
      throw invalid(NOT_ISSUED);
    }
  }

  private static TaskControlException invalid(String message) {
    return new TaskControlException(ErrorCode.INVALID_REQUEST, message);
  }
}
