package io.ordo.history.service;

import io.ordo.ErrorCode;
import io.ordo.TaskControlException;
import io.ordo.db.Hmac;
import io.vertx.core.json.DecodeException;
import io.vertx.core.json.JsonObject;
import java.nio.charset.StandardCharsets;
import java.util.Base64;

/**
 * The opaque {@code nextPageToken} of history reads: where the next page starts, for which history
 * and in which direction, signed with the farm's page-token key (HMAC-SHA256), so that a token no
 * node issued (a forged or altered one) is refused. A token used with another history or direction
 * is refused too.
 *
 * @param executionId the history it belongs to
 * @param reverse the direction it was issued for
 * @param boundary the exclusive event id the next page starts from
 */
record PageToken(String executionId, boolean reverse, long boundary) {
  private static final Base64.Encoder ENCODER = Base64.getUrlEncoder().withoutPadding();

  String encode(Hmac hmac) {
    String json =
        new JsonObject().put("e", executionId).put("r", reverse).put("b", boundary).encode();
    String body = ENCODER.encodeToString(json.getBytes(StandardCharsets.UTF_8));
    return body + "." + ENCODER.encodeToString(hmac.sign(body));
  }

  static PageToken decode(Hmac hmac, String token, String executionId, boolean reverse) {
    PageToken decoded;
    try {
      int dot = token.indexOf('.');
      String body = token.substring(0, dot);
      if (!hmac.verify(body, Base64.getUrlDecoder().decode(token.substring(dot + 1)))) {
        throw notIssued();
      }
      JsonObject json =
          new JsonObject(new String(Base64.getUrlDecoder().decode(body), StandardCharsets.UTF_8));
      decoded = new PageToken(json.getString("e"), json.getBoolean("r"), json.getLong("b"));
    } catch (IllegalArgumentException
        | IndexOutOfBoundsException
        | DecodeException
        | NullPointerException
        | ClassCastException e) {
      throw notIssued();
    }
    if (!executionId.equals(decoded.executionId()) || decoded.reverse() != reverse) {
      throw invalid("nextPageToken belongs to another history or read direction");
    }
    return decoded;
  }

  private static TaskControlException notIssued() {
    return invalid("nextPageToken is not a token this API issued");
  }

  private static TaskControlException invalid(String message) {
    return new TaskControlException(ErrorCode.INVALID_REQUEST, message);
  }
}
