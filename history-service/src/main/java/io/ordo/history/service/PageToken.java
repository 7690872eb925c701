package io.ordo.history.service;

import io.ordo.ErrorCode;
import io.ordo.TaskControlException;
import io.vertx.core.json.DecodeException;
import io.vertx.core.json.JsonObject;
import java.nio.charset.StandardCharsets;
import java.util.Base64;

/**
 * The opaque {@code nextPageToken} of history reads: where the next page starts, for which history
 * and in which direction. A token used with another history or direction is refused.
 *
 * @param executionId the history it belongs to
 * @param reverse the direction it was issued for
 * @param boundary the exclusive event id the next page starts from
 */
record PageToken(String executionId, boolean reverse, long boundary) {

  String encode() {
    String json =
        new JsonObject().put("e", executionId).put("r", reverse).put("b", boundary).encode();
    return Base64.getUrlEncoder()
        .withoutPadding()
        .encodeToString(json.getBytes(StandardCharsets.UTF_8));
  }

  static PageToken decode(String token, String executionId, boolean reverse) {
    try {
      JsonObject json =
          new JsonObject(new String(Base64.getUrlDecoder().decode(token), StandardCharsets.UTF_8));
      PageToken decoded =
          new PageToken(json.getString("e"), json.getBoolean("r"), json.getLong("b"));
      if (!executionId.equals(decoded.executionId()) || decoded.reverse() != reverse) {
        throw invalid("nextPageToken belongs to another history or read direction");
      }
      return decoded;
    } catch (IllegalArgumentException
        | DecodeException
        | NullPointerException
        | ClassCastException e) {
      throw invalid("nextPageToken is not a token this API issued");
    }
  }

  private static TaskControlException invalid(String message) {
    return new TaskControlException(ErrorCode.INVALID_REQUEST, message);
  }
}
