package io.ordo.db;

import io.vertx.core.json.DecodeException;
import io.vertx.core.json.JsonObject;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.Optional;

/**
 * Seals the API's opaque tokens (page tokens): a JSON object, base64url, a dot and its HMAC-SHA256
 * signature with a {@link NodeSecrets} key, so that only a token some node of the farm issued
 * opens. What a token holds, and which request it belongs to, is its issuer's business.
 */
public final class TokenSigner {
  private static final Base64.Encoder ENCODER = Base64.getUrlEncoder().withoutPadding();
  private static final Base64.Decoder DECODER = Base64.getUrlDecoder();

  private final Hmac hmac;

  public TokenSigner(Hmac hmac) {
    this.hmac = hmac;
  }

  /** The token of {@code fields}. */
  public String sign(JsonObject fields) {
    String body = ENCODER.encodeToString(fields.encode().getBytes(StandardCharsets.UTF_8));
    return body + "." + ENCODER.encodeToString(hmac.sign(body));
  }

  /**
   * The fields of a token this key signed, exactly as {@link #sign} wrote it; empty for anything
   * else (not a token, a signature that does not match or is not in its one canonical base64url
   * text, a body that is not a JSON object).
   */
  public Optional<JsonObject> open(String token) {
    try {
      int dot = token.indexOf('.');
      String body = token.substring(0, dot);
      String signature = token.substring(dot + 1);
      byte[] signatureBytes = DECODER.decode(signature);
      // The decoder ignores a last character's unused bits (and takes padding), so several texts
      // decode to the same signature: only the one text sign() writes is the token it issued.
      if (!ENCODER.encodeToString(signatureBytes).equals(signature)
          || !hmac.verify(body, signatureBytes)) {
        return Optional.empty();
      }
      return Optional.of(new JsonObject(new String(DECODER.decode(body), StandardCharsets.UTF_8)));
    } catch (IllegalArgumentException
        | IndexOutOfBoundsException
        | DecodeException
        | ClassCastException e) {
      return Optional.empty();
    }
  }
}
