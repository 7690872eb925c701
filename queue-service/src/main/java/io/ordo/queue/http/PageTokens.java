package io.ordo.queue.http;

import io.ordo.ErrorCode;
import io.ordo.TaskControlException;
import io.ordo.db.TokenSigner;
import io.ordo.queue.store.ListCursor;
import io.vertx.core.json.JsonObject;
import java.time.DateTimeException;
import java.time.Instant;
import java.util.UUID;

/**
 * The opaque {@code nextPageToken} of the task and execution lists: the cursor where the next page
 * starts, for which list and tenant, signed with the farm's page-token key ({@link TokenSigner})
 * like the history's tokens, so that a token no node issued, or one issued for another list or
 * tenant, is refused (400) instead of read.
 */
final class PageTokens {
  private final TokenSigner signer;

  PageTokens(TokenSigner signer) {
    this.signer = signer;
  }

  /** The token of {@code cursor}; null for no cursor (the last page). */
  String encode(String list, String tenant, ListCursor cursor) {
    if (cursor == null) {
      return null;
    }
    return signer.sign(
        new JsonObject()
            .put("l", list)
            .put("n", tenant)
            .put("t", cursor.time().toString())
            .put("i", cursor.id()));
  }

  /** The cursor of {@code token}; null for no token (the first page). */
  ListCursor decode(String list, String tenant, String token) {
    if (token == null) {
      return null;
    }
    JsonObject json =
        signer
            .open(token)
            .orElseThrow(() -> invalid("nextPageToken is not a token this API issued"));
    ListCursor cursor;
    try {
      cursor =
          new ListCursor(
              Instant.parse(json.getString("t")), UUID.fromString(json.getString("i")).toString());
    } catch (IllegalArgumentException
        | DateTimeException
        | NullPointerException
        | ClassCastException e) {
      // signed, so issued here, but not for a list (a history's)
      throw invalid("nextPageToken belongs to another list or tenant");
    }
    if (!list.equals(json.getString("l")) || !tenant.equals(json.getString("n"))) {
      throw invalid("nextPageToken belongs to another list or tenant");
    }
    return cursor;
  }

  private static TaskControlException invalid(String message) {
    return new TaskControlException(ErrorCode.INVALID_REQUEST, message);
  }
}
