package io.ordo.db;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.vertx.core.json.JsonObject;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Base64;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class TokenSignerTest {
  private static final TokenSigner SIGNER = new TokenSigner(new Hmac(key(1)));
  private static final JsonObject FIELDS = new JsonObject().put("q", "a").put("p", 7);

  @Test
  void aTokenItSigned_opensToItsFields() {
    assertEquals(Optional.of(FIELDS), SIGNER.open(SIGNER.sign(FIELDS)));
  }

  @Test
  void aTokenSignedWithAnotherKey_doesNotOpen() {
    String theirs = new TokenSigner(new Hmac(key(2))).sign(FIELDS);

    assertEquals(Optional.empty(), SIGNER.open(theirs));
  }

  @Test
  void anAlteredToken_doesNotOpen() {
    String token = SIGNER.sign(FIELDS);
    String signature = token.substring(token.indexOf('.'));
    String otherBody =
        Base64.getUrlEncoder()
            .withoutPadding()
            .encodeToString(FIELDS.copy().put("p", 8).encode().getBytes(StandardCharsets.UTF_8));

    assertEquals(Optional.empty(), SIGNER.open(otherBody + signature));
    assertEquals(Optional.empty(), SIGNER.open(token + "x"));
    assertEquals(Optional.empty(), SIGNER.open(token.substring(0, token.length() - 1)));
  }

  @Test
  void aSignatureInAnotherTextOfTheSameBytes_doesNotOpen() {
    String token = SIGNER.sign(FIELDS);
    String alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
    char last = token.charAt(token.length() - 1);
    String stem = token.substring(0, token.length() - 1);
    for (char other : alphabet.toCharArray()) {
      if (other != last) {
        // 32 bytes take 43 characters, the last of which has two bits to spare: three of these
        // decode to the very signature
        assertEquals(Optional.empty(), SIGNER.open(stem + other), stem + other);
      }
    }
    assertEquals(Optional.empty(), SIGNER.open(token + "="));
  }

  @Test
  void whatIsNoTokenAtAll_doesNotOpen() {
    for (String text : new String[] {"", ".", "..", "nodot", "abc.def", "a b.c", "%%.%%"}) {
      assertEquals(Optional.empty(), SIGNER.open(text), text);
    }
  }

  @Test
  void aSignedBodyThatIsNotAnObject_doesNotOpen() {
    String body =
        Base64.getUrlEncoder()
            .withoutPadding()
            .encodeToString("[1]".getBytes(StandardCharsets.UTF_8));
    String signature =
        Base64.getUrlEncoder().withoutPadding().encodeToString(new Hmac(key(1)).sign(body));

    assertEquals(Optional.empty(), SIGNER.open(body + "." + signature));
  }

  private static byte[] key(int fill) {
    byte[] key = new byte[32];
    Arrays.fill(key, (byte) fill);
    return key;
  }
}
