package io.ordo.client.http;

import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.io.JsonEOFException;
import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.ObjectReader;
import com.fasterxml.jackson.databind.exc.MismatchedInputException;
import com.fasterxml.jackson.databind.node.MissingNode;
import java.io.IOException;
import java.time.Instant;
import java.util.Collections;
import java.util.List;
import java.util.Map;

/** Reads and writes the API's JSON with one shared (thread-safe, immutable) Jackson mapper. */
final class Json {
  private static final ObjectMapper MAPPER = new ObjectMapper();
  private static final TypeReference<Map<String, Object>> MAP = new TypeReference<>() {};
  private static final ObjectReader STRICT =
      MAPPER.reader().with(DeserializationFeature.FAIL_ON_TRAILING_TOKENS);

  private Json() {}

  /** The JSON text of a plain value (maps, lists, strings, numbers, booleans, null). */
  static byte[] write(Object value) {
    try {
      return MAPPER.writeValueAsBytes(value);
    } catch (JsonProcessingException e) {
      throw new IllegalArgumentException("cannot write JSON: " + e.getOriginalMessage(), e);
    }
  }

  /** A deep copy of a plain value as a tree (so that later changes by the caller do not show). */
  static JsonNode tree(Object value) {
    return MAPPER.valueToTree(value);
  }

  /** The tree of an answer's body; a missing node for an empty body. */
  static JsonNode parse(byte[] body) throws IOException {
    return body == null || body.length == 0 ? MissingNode.getInstance() : MAPPER.readTree(body);
  }

  /** The tree of a JSON text (a stream's event). */
  static JsonNode parse(String text) {
    return parse(text, "the text");
  }

  /**
   * The tree of a JSON text given by the caller (a state machine definition): exactly one JSON
   * value, with nothing but white space after it.
   *
   * @param what names the text in the message, e.g. {@code the definition}
   * @throws IllegalArgumentException blank, not JSON, or more after the value; the message names
   *     the line and column in plain words
   */
  static JsonNode parse(String text, String what) {
    if (text.isBlank()) {
      throw new IllegalArgumentException(what + " is blank: it must be a JSON text");
    }
    try {
      return STRICT.readTree(text);
    } catch (JsonProcessingException e) {
      JsonLocation at = e.getLocation();
      String where =
          at == null ? "" : " at line " + at.getLineNr() + ", column " + at.getColumnNr();
      String problem;
      if (e instanceof JsonEOFException) {
        problem = " ends before its JSON value does";
      } else if (e instanceof MismatchedInputException) {
        problem = " has more text after its JSON value, which begins" + where;
      } else {
        problem = " is not valid JSON" + where;
      }
      throw new IllegalArgumentException(what + problem, e);
    }
  }

  /**
   * An answer's value that must be a JSON object (a 2xx with an empty body, an array or a scalar
   * where the API answers an object is no answer).
   *
   * @throws IllegalArgumentException not an object; the call then fails with {@code invalid_answer}
   */
  static JsonNode object(JsonNode node, String what) {
    if (node == null || !node.isObject()) {
      throw new IllegalArgumentException(what + " is not a JSON object");
    }
    return node;
  }

  /**
   * A member the API always sends, as text.
   *
   * @throws IllegalArgumentException missing, null or not a string
   */
  static String requiredText(JsonNode node, String field) {
    JsonNode value = node.get(field);
    if (value == null || value.isNull()) {
      throw new IllegalArgumentException("its " + field + " is missing");
    }
    if (!value.isTextual()) {
      throw new IllegalArgumentException("its " + field + " is not a string");
    }
    return value.asText();
  }

  /**
   * A member the API always sends, as a boolean.
   *
   * @throws IllegalArgumentException missing or not a boolean
   */
  static boolean requiredBool(JsonNode node, String field) {
    JsonNode value = node.get(field);
    if (value == null || !value.isBoolean()) {
      throw new IllegalArgumentException("its " + field + " is missing or not a boolean");
    }
    return value.booleanValue();
  }

  /**
   * A member the API always sends as one of {@code type}'s constants.
   *
   * @throws IllegalArgumentException missing, or not one of them
   */
  static <E extends Enum<E>> E requiredEnum(JsonNode node, String field, Class<E> type) {
    String name = requiredText(node, field);
    try {
      return Enum.valueOf(type, name);
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException("its " + field + " '" + name + "' is unknown");
    }
  }

  static String text(JsonNode node, String field) {
    JsonNode value = node.get(field);
    return value == null || value.isNull() ? null : value.asText();
  }

  static boolean bool(JsonNode node, String field) {
    JsonNode value = node.get(field);
    return value != null && value.asBoolean(false);
  }

  static int integer(JsonNode node, String field, int fallback) {
    JsonNode value = node.get(field);
    return value == null || !value.isNumber() ? fallback : value.asInt();
  }

  static Instant instant(JsonNode node, String field) {
    String text = text(node, field);
    return text == null ? null : Instant.parse(text);
  }

  /** Any JSON value as plain Java: Map, List, String, Number, Boolean or null. */
  static Object plain(JsonNode node) {
    return node == null || node.isNull() || node.isMissingNode()
        ? null
        : MAPPER.convertValue(node, Object.class);
  }

  /** A member holding an object, as an unmodifiable map; null if absent or null. */
  static Map<String, Object> map(JsonNode node, String field) {
    JsonNode value = node.get(field);
    if (value == null || !value.isObject()) {
      return null;
    }
    return Collections.unmodifiableMap(MAPPER.convertValue(value, MAP));
  }

  /** A member holding an array of strings; empty if absent. */
  static List<String> strings(JsonNode node, String field) {
    JsonNode value = node.get(field);
    if (value == null || !value.isArray()) {
      return List.of();
    }
    return List.copyOf(MAPPER.convertValue(value, new TypeReference<List<String>>() {}));
  }
}
