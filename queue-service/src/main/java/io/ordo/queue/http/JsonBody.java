package io.ordo.queue.http;

import io.vertx.core.buffer.Buffer;

/**
 * A request body's bytes checked as JSON text must be (RFC 8259): well-formed UTF-8, before {@link
 * io.ordo.parameter.StrictJson} decodes them.
 */
final class JsonBody {
  /** The high bit of each of eight bytes: none is set in eight ASCII bytes. */
  private static final long HIGH_BITS = 0x8080808080808080L;

  private JsonBody() {}

  /**
   * The offset of the first byte of {@code bytes} that does not begin a well-formed UTF-8 sequence
   * (RFC 3629, section 4), or -1 if all do. Jackson decodes an overlong form as the character it
   * spells ({@code C0 AF} as '/', so "ovl\xc0\xaf" and "ovl/" were one idempotency key) and a
   * surrogate encoded in UTF-8 as half a character; both are refused here. One pass: ASCII (all of
   * most bodies) is read eight bytes at a time, the rest a character at a time.
   */
  static int malformedUtf8At(Buffer bytes) {
    int length = bytes.length();
    int i = 0;
    while (i + Long.BYTES <= length && (bytes.getLong(i) & HIGH_BITS) == 0) {
      i += Long.BYTES;
    }
    while (i < length) {
      int lead = bytes.getByte(i);
      if (lead >= 0) {
        i++;
        continue;
      }
      lead &= 0xFF;
      int continuations;
      int secondMin = 0x80;
      int secondMax = 0xBF;
      if (lead >= 0xC2 && lead <= 0xDF) {
        continuations = 1;
      } else if (lead >= 0xE0 && lead <= 0xEF) {
        continuations = 2;
        if (lead == 0xE0) {
          secondMin = 0xA0; // below: an overlong form of U+0000..U+07FF
        } else if (lead == 0xED) {
          secondMax = 0x9F; // above: U+D800..U+DFFF, surrogates
        }
      } else if (lead >= 0xF0 && lead <= 0xF4) {
        continuations = 3;
        if (lead == 0xF0) {
          secondMin = 0x90; // below: an overlong form of U+0000..U+FFFF
        } else if (lead == 0xF4) {
          secondMax = 0x8F; // above: past U+10FFFF
        }
      } else {
        return i; // a continuation byte without its lead, C0 and C1 (overlong only), F5..FF
      }
      if (i + continuations >= length) {
        return i;
      }
      int second = bytes.getByte(i + 1) & 0xFF;
      if (second < secondMin || second > secondMax) {
        return i;
      }
      for (int k = 2; k <= continuations; k++) {
        if ((bytes.getByte(i + k) & 0xC0) != 0x80) {
          return i;
        }
      }
      i += continuations + 1;
    }
    return -1;
  }
}
