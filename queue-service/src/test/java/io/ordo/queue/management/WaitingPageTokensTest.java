package io.ordo.queue.management;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.ordo.ErrorCode;
import io.ordo.TaskControlException;
import io.ordo.db.Hmac;
import io.ordo.db.TokenSigner;
import io.ordo.model.QueueKind;
import io.ordo.queue.store.QueueRow;
import io.ordo.queue.store.QueueStore;
import io.ordo.queue.store.TaskStore.WaitingCursor;
import java.io.IOException;
import java.io.InputStream;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.yaml.snakeyaml.LoaderOptions;
import org.yaml.snakeyaml.Yaml;
import org.yaml.snakeyaml.constructor.SafeConstructor;

class WaitingPageTokensTest {
  private static final WaitingPageTokens TOKENS =
      new WaitingPageTokens(new TokenSigner(new Hmac(new byte[32])));
  private static final QueueRow SERIAL = queue("acme", QueueKind.SERIAL, "a");
  private static final WaitingCursor CURSOR =
      new WaitingCursor(Instant.parse("2026-11-24T10:00:00.123456Z"), 42);

  @Test
  void aToken_namesItsCursor_forItsQueue() {
    assertEquals(CURSOR, TOKENS.decode(SERIAL, TOKENS.encode(SERIAL, CURSOR)));
    assertEquals(WaitingCursor.START, TOKENS.decode(SERIAL, null));
    assertEquals(WaitingCursor.START, TOKENS.decode(SERIAL, ""));
  }

  @Test
  void aToken_ofAnotherQueue_kindOrTenant_isRefused() {
    String token = TOKENS.encode(SERIAL, CURSOR);
    for (QueueRow other :
        new QueueRow[] {
          queue("acme", QueueKind.SERIAL, "b"),
          queue("other", QueueKind.SERIAL, "a"),
          queue("acme", QueueKind.PARALLEL, QueueStore.PARALLEL_QUEUE_ID)
        }) {
      assertRefused(other, token, "another queue");
    }
  }

  @Test
  void aTokenNoNodeIssued_isRefused() {
    String token = TOKENS.encode(SERIAL, CURSOR);
    String otherKey =
        new WaitingPageTokens(new TokenSigner(new Hmac(new byte[] {1}))).encode(SERIAL, CURSOR);
    for (String forged : new String[] {otherKey, "x" + token, token + "x", "not-a-token", ".."}) {
      assertRefused(SERIAL, forged, "not one this API gave");
    }
  }

  @Test
  void theLongestToken_fitsTheApisLimit() throws IOException {
    QueueRow longest = queue("t".repeat(255), QueueKind.SERIAL, "q".repeat(255));
    WaitingCursor cursor =
        new WaitingCursor(Instant.parse("2026-11-24T10:00:00.123456789Z"), Long.MIN_VALUE);

    String token = TOKENS.encode(longest, cursor);

    int maxLength = apiMaxLength();
    assertTrue(token.length() <= maxLength, () -> token.length() + " > " + maxLength);
    assertEquals(cursor, TOKENS.decode(longest, token));
  }

  private static void assertRefused(QueueRow queue, String token, String message) {
    TaskControlException e =
        assertThrows(TaskControlException.class, () -> TOKENS.decode(queue, token));
    assertEquals(ErrorCode.INVALID_REQUEST, e.code());
    assertTrue(e.getMessage().contains(message), e::getMessage);
  }

  /** The {@code maxLength} of {@code waitingPageToken} in the API's contract. */
  @SuppressWarnings("unchecked")
  private static int apiMaxLength() throws IOException {
    try (InputStream yaml =
        WaitingPageTokensTest.class.getClassLoader().getResourceAsStream("openapi/ordo-api.yaml")) {
      Map<String, Object> node = new Yaml(new SafeConstructor(new LoaderOptions())).load(yaml);
      for (String key : List.of("components", "parameters", "WaitingPageToken", "schema")) {
        node = (Map<String, Object>) node.get(key);
      }
      return (Integer) node.get("maxLength");
    }
  }

  private static QueueRow queue(String tenant, QueueKind kind, String queueId) {
    return new QueueRow(tenant, kind, queueId, true, null);
  }
}
