package io.ordo.queue.management;

import io.ordo.ErrorCode;
import io.ordo.TaskControlException;
import io.ordo.queue.store.TaskStore.WaitingCursor;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.Base64;

/**
 * The opaque {@code waitingPageToken} of a queue's waiting list: where the page before it ended
 * (received time and position of its last entry), so the next page starts right after it.
 */
final class WaitingPageToken {
  private WaitingPageToken() {}

  static String encode(WaitingCursor cursor) {
    String text = cursor.receivedAt() + "|" + cursor.position();
    return Base64.getUrlEncoder()
        .withoutPadding()
        .encodeToString(text.getBytes(StandardCharsets.UTF_8));
  }

  /** The cursor a token names; {@link WaitingCursor#START} for none. */
  static WaitingCursor decode(String token) {
    if (token == null || token.isEmpty()) {
      return WaitingCursor.START;
    }
    try {
      String text = new String(Base64.getUrlDecoder().decode(token), StandardCharsets.UTF_8);
      int bar = text.indexOf('|');
      return new WaitingCursor(
          Instant.parse(text.substring(0, bar)), Long.parseLong(text.substring(bar + 1)));
    } catch (RuntimeException e) {
      throw new TaskControlException(
          ErrorCode.INVALID_REQUEST,
          "waitingPageToken is not one this API gave (take it from waitingNextPageToken)");
    }
  }
}
