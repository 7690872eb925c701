package io.ordo.statemachine.language;

import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Base64;
import java.util.HexFormat;
import java.util.Map;
import java.util.StringJoiner;
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

  /**
   * An escaped brace of a Format template literal, {@code \{} or {@code \}}, as the parser leaves
   * it: a private-use character, so that {@code '\{\}'} prints braces and is no placeholder.
   */
  static final char ESCAPED_OPEN = '\uE000';

  static final char ESCAPED_CLOSE = '\uE001';

  private TextFunctions() {}

  /**
   * {@code States.Format(template, args...)}: each {@code {}} takes the next argument; an escaped
   * {@code \{\}} in a literal template is printed as braces, as in Step Functions.
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
      formatted.append(literal(template.substring(from, at))).append(text(arguments, next++));
      from = at + 2;
    }
    if (next != arguments.size()) {
      throw arguments.failure("the template has fewer {} than there are arguments");
    }
    return formatted.append(literal(template.substring(from))).toString();
  }

  private static String literal(String templatePart) {
    return templatePart.replace(ESCAPED_OPEN, '{').replace(ESCAPED_CLOSE, '}');
  }

  private static String text(IntrinsicArguments arguments, int index) {
    Object value = arguments.value(index);
    if (value instanceof String) {
      return arguments.string(index);
    }
    String text = javaStyle(value);
    StepWork.spendOnText(text.length());
    return text;
  }

  // Step Functions prints an object or array argument as Java prints a map or list: {a=1, b=[x]}.
  private static String javaStyle(Object value) {
    if (value instanceof JsonObject object) {
      StringJoiner fields = new StringJoiner(", ", "{", "}");
      object.forEach(field -> fields.add(field.getKey() + "=" + javaStyle(field.getValue())));
      return fields.toString();
    }
    if (value instanceof JsonArray array) {
      StringJoiner elements = new StringJoiner(", ", "[", "]");
      array.forEach(element -> elements.add(javaStyle(element)));
      return elements.toString();
    }
    return value instanceof String string ? string : JsonValues.encode(value);
  }

  /** {@code States.StringSplit(string, delimiters)}: splits on any of the delimiter characters. */
  static Object split(IntrinsicArguments arguments) {
    String text = arguments.string(0);
    String delimiters = arguments.string(1);
    // each character is looked for among the delimiters
    StepWork.current().spend((long) text.length() * Math.max(1, delimiters.length() / 16));
    StringTokenizer tokens = new StringTokenizer(text, delimiters);
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
      // the JDK's message names a character by its code in hex: said in Ordo's words instead
      throw arguments.failure(
          "input is not Base64 (A-Z, a-z, 0-9, '+' and '/', padded with '=' to a multiple of 4)");
    }
  }

  /** {@code States.Hash(value, algorithm)}: lower-case hex; non-strings are hashed as JSON. */
  static Object hash(IntrinsicArguments arguments) {
    Object value = arguments.value(0);
    String algorithm = HASH_ALGORITHMS.get(arguments.string(1));
    if (algorithm == null) {
      throw arguments.failure("algorithm must be one of " + HASH_ALGORITHMS.keySet());
    }
    String data = value instanceof String ? arguments.string(0) : arguments.json(0);
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
