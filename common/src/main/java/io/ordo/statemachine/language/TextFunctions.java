package io.ordo.statemachine.language;

import io.vertx.core.json.JsonArray;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Base64;
import java.util.HexFormat;
import java.util.Map;
import java.util.StringTokenizer;
import java.util.UUID;

/** The intrinsic functions on strings: Format, StringSplit, Base64, Hash and UUID. */
final class TextFunctions {

  // Step Functions' own limit on Base64 input.
  private static final int MAX_BASE64_INPUT = 10_000;

  private static final Map<String, String> HASH_ALGORITHMS =
      Map.of(
          "MD5", "MD5",
          "SHA-1", "SHA-1",
          "SHA-256", "SHA-256",
          "SHA-384", "SHA-384",
          "SHA-512", "SHA-512");

  private TextFunctions() {}

  /**
   * {@code States.Format(template, args...)}: each {@code {}} takes the next argument. Escapes are
   * resolved when the string literal is read, so an escaped {@code \{\}} pair still counts as a
   * placeholder here; Step Functions would print it literally.
   */
  static Object format(IntrinsicArguments arguments) {
    String template = arguments.string(0);
    StringBuilder formatted = new StringBuilder();
    int next = 1;
    int from = 0;
    for (int at = template.indexOf("{}"); at >= 0; at = template.indexOf("{}", from)) {
      if (next >= arguments.size()) {
        throw arguments.failure("the template has more {} than there are arguments");
      }
      formatted.append(template, from, at).append(text(arguments, next++));
      from = at + 2;
    }
    if (next != arguments.size()) {
      throw arguments.failure("the template has fewer {} than there are arguments");
    }
    return formatted.append(template.substring(from)).toString();
  }

  private static String text(IntrinsicArguments arguments, int index) {
    Object value = arguments.value(index);
    if (value instanceof String string) {
      return string;
    }
    if (value == null || value instanceof Number || value instanceof Boolean) {
      return JsonValues.encode(value);
    }
    throw arguments.failure(
        "argument " + (index + 1) + " must be a string, number, boolean or null");
  }

  /** {@code States.StringSplit(string, delimiters)}: splits on any of the delimiter characters. */
  static Object split(IntrinsicArguments arguments) {
    StringTokenizer tokens = new StringTokenizer(arguments.string(0), arguments.string(1));
    JsonArray parts = new JsonArray();
    while (tokens.hasMoreTokens()) {
      parts.add(tokens.nextToken());
    }
    return parts;
  }

  /** {@code States.Base64Encode(string)}, of the string's UTF-8 bytes. */
  static Object base64Encode(IntrinsicArguments arguments) {
    String input = arguments.string(0);
    if (input.length() > MAX_BASE64_INPUT) {
      throw arguments.failure("input longer than " + MAX_BASE64_INPUT + " characters");
    }
    return Base64.getEncoder().encodeToString(input.getBytes(StandardCharsets.UTF_8));
  }

  /** {@code States.Base64Decode(string)}, into a UTF-8 string. */
  static Object base64Decode(IntrinsicArguments arguments) {
    String input = arguments.string(0);
    if (input.length() > MAX_BASE64_INPUT) {
      throw arguments.failure("input longer than " + MAX_BASE64_INPUT + " characters");
    }
    try {
      return new String(Base64.getDecoder().decode(input), StandardCharsets.UTF_8);
    } catch (IllegalArgumentException notBase64) {
      throw arguments.failure("input is not Base64: " + notBase64.getMessage());
    }
  }

  /** {@code States.Hash(value, algorithm)}: lower-case hex; non-strings are hashed as JSON. */
  static Object hash(IntrinsicArguments arguments) {
    Object value = arguments.value(0);
    String algorithm = HASH_ALGORITHMS.get(arguments.string(1));
    if (algorithm == null) {
      throw arguments.failure("algorithm must be one of " + HASH_ALGORITHMS.keySet());
    }
    String data = value instanceof String string ? string : JsonValues.encode(value);
    try {
      byte[] digest =
          MessageDigest.getInstance(algorithm).digest(data.getBytes(StandardCharsets.UTF_8));
      return HexFormat.of().formatHex(digest);
    } catch (NoSuchAlgorithmException missing) {
      throw new IllegalStateException("the JDK lacks " + algorithm, missing);
    }
  }

  /** {@code States.UUID()}: a random version 4 UUID. */
  static Object uuid(IntrinsicArguments arguments) {
    return UUID.randomUUID().toString();
  }
}
