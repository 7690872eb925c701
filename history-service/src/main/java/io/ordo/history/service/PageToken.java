package io.ordo.history.service;

import io.ordo.ErrorCode;
import io.ordo.TaskControlException;
import io.ordo.db.TokenSigner;
import io.vertx.core.json.JsonObject;

/**
 * The opaque {@code nextPageToken} of history reads: where the next page starts, for which history
 * and in which direction, signed with the farm's page-token key ({@link TokenSigner}), so that a
 * token no node issued (a forged or altered one) is refused. A token used with another history or
 * direction is refused too.
 *
 * @param executionId the history it belongs to
 * @param reverse the direction it was issued for
 * @param boundary the exclusive event id the next page starts from
 */
record PageToken(String executionId, boolean reverse, long boundary) {

  String encode(TokenSigner signer) {
    return signer.sign(new JsonObject().put("e", executionId).put("r", reverse).put("b", boundary));
  }

  static PageToken decode(TokenSigner signer, String token, String executionId, boolean reverse) {
    JsonObject json = signer.open(token).orElseThrow(PageToken::notIssued);
    PageToken decoded;
    try {
      decoded = new PageToken(json.getString("e"), json.getBoolean("r"), json.getLong("b"));
    } catch (NullPointerException | ClassCastException e) {
      // signed, so issued here, but not for a history
      throw invalid("nextPageToken belongs to another list, not to a history");
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
