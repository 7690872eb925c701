package io.ordo.model;

import java.security.SecureRandom;
import java.util.UUID;

/**
 * Message and execution ids: UUID version 7 (time-ordered), so that new rows land at the end of the
 * primary-key index instead of all over it.
 */
public final class MessageIds {
  private static final SecureRandom RANDOM = new SecureRandom();

  private MessageIds() {}

  public static UUID next() {
    long millis = System.currentTimeMillis();
    long randA = RANDOM.nextInt(1 << 12);
    long msb = (millis << 16) | (0x7L << 12) | randA;
    long lsb = (RANDOM.nextLong() & 0x3FFFFFFFFFFFFFFFL) | 0x8000000000000000L;
    return new UUID(msb, lsb);
  }

  /**
   * Parses an id given by a caller.
   *
   * @return null if it is not a UUID (so that the caller can answer "no such message")
   */
  public static UUID parseOrNull(String text) {
    if (text == null || text.length() != 36) {
      return null;
    }
    try {
      return UUID.fromString(text);
    } catch (IllegalArgumentException e) {
      return null;
    }
  }
}
