package io.ordo.db;

import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/** HMAC-SHA256 with a {@link NodeSecrets} key. */
public final class Hmac {
  private final SecretKeySpec key;

  public Hmac(byte[] key) {
    this.key = new SecretKeySpec(key.clone(), "HmacSHA256");
  }

  public byte[] sign(String text) {
    try {
      Mac mac = Mac.getInstance("HmacSHA256");
      mac.init(key);
      return mac.doFinal(text.getBytes(StandardCharsets.UTF_8));
    } catch (GeneralSecurityException e) {
      throw new IllegalStateException("HmacSHA256 is missing from this JVM", e);
    }
  }

  /** Whether {@code signature} is the signature of {@code text}, compared in constant time. */
  public boolean verify(String text, byte[] signature) {
    return MessageDigest.isEqual(sign(text), signature);
  }
}
