package io.ordo.queue.http;

import io.ordo.ErrorCode;
import io.ordo.TaskControlException;
import io.ordo.db.Hmac;
import io.ordo.queue.store.ListCursor;
import io.vertx.core.json.DecodeException;
import io.vertx.core.json.JsonObject;
import java.nio.charset.StandardCharsets;
import java.time.DateTimeException;
import java.time.Instant;
import java.util.Base64;

/**
 * The opaque {@code nextPageToken} of the task and execution lists: the cursor where the next page
 * starts, for which list and tenant, signed with the farm's page-token key (HMAC-SHA256) like the
 * history's tokens, so that a token no node issued, or one issued for another list or tenant, is
 * refused (400) instead of read.
 */
final class PageTokens {
  private static final Base64.Encoder ENCODER = Base64.getUrlEncoder().withoutPadding();

  private final Hmac hmac;

  PageTokens(Hmac hmac) {
    this.hmac = hmac;
  }

  /** The token of {@code cursor}; null for no cursor (the last page). */
  String encode(String list, String tenant, ListCursor cursor) {
    if (cursor == null) {
      return null;
    }
    String json =
        new JsonObject()
            .put("l", list)
            .put("n", tenant)
            .put("t", cursor.time().toString())
            .put("i", cursor.id())
            .encode();
    String body = ENCODER.encodeToString(json.getBytes(StandardCharsets.UTF_8));
    return body + "." + ENCODER.encodeToString(hmac.sign(body));
  }

  /** The cursor of {@code token}; null for no token (the first page). */
  ListCursor decode(String list, String tenant, String token) {
    if (token == null) {
      return null;
    }
    JsonObject json;
    ListCursor cursor;
    try {
      int dot = token.indexOf('.');
      String body = token.substring(0, dot);
      if (!hmac.verify(body, Base64.getUrlDecoder().decode(token.substring(dot + 1)))) {
        throw invalid("nextPageToken is not a token this API issued");
      }
      json =
          new JsonObject(new String(Base64.getUrlDecoder().decode(body), StandardCharsets.UTF_8));
      cursor =
          new ListCursor(
              Instant.parse(json.getString("t")),
              java.util.UUID.fromString(json.getString("i")).toString());
    } catch (IllegalArgumentException
        | IndexOutOfBoundsException
        | DecodeException
        | DateTimeException
        | NullPointerException
        | ClassCastException e) {
      throw invalid("nextPageToken is not a token this API issued");
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
