package io.ordo.queue.http;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.networknt.schema.JsonSchemaFactory;
import com.networknt.schema.PathType;
import com.networknt.schema.SchemaValidatorsConfig;
import com.networknt.schema.SpecVersion;
import com.networknt.schema.ValidationMessage;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import io.vertx.json.schema.JsonSchema;
import io.vertx.json.schema.OutputErrorType;
import io.vertx.json.schema.OutputUnit;
import io.vertx.json.schema.Validator;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * Checks a request's value against one schema of the API contract with networknt's JSON Schema
 * validator (draft 2020-12), answering as Vert.x's validator would: an {@link OutputUnit}, valid or
 * with one error per broken rule, each at the JSON pointer of the value that broke it.
 *
 * <p>Vert.x JSON Schema 5.0.10 validates in one method of 9,291 bytes of bytecode, over HotSpot's
 * 8,000-byte limit for compiling a method, so on a JVM started without {@code
 * -XX:-DontCompileHugeMethods} every request was checked in the interpreter: 11-12 µs a
 * registration body, against about 0.4 µs here (README, Operations). The contract is still read by
 * Vert.x OpenAPI, which hands over each schema with its references resolved in place; this class
 * compiles that schema once.
 */
final class CompiledSchemaValidator implements Validator {
  /** The key Vert.x adds to each resolved reference: not a keyword. */
  private static final String VERTX_ANNOTATION = "__absolute_uri__";

  private static final JsonSchemaFactory FACTORY =
      JsonSchemaFactory.getInstance(SpecVersion.VersionFlag.V202012);
  private static final SchemaValidatorsConfig CONFIG =
      SchemaValidatorsConfig.builder()
          .pathType(PathType.JSON_POINTER)
          // "format: date-time" is a rule of the contract, as Vert.x applied it
          .formatAssertionsEnabled(true)
          // the API speaks English whatever the server's locale (networknt's messages come in 30)
          .locale(Locale.ENGLISH)
          .build();

  private final com.networknt.schema.JsonSchema schema;

  private CompiledSchemaValidator(com.networknt.schema.JsonSchema schema) {
    this.schema = schema;
  }

  /**
   * The validator of a schema as Vert.x OpenAPI hands it over.
   *
   * @throws IllegalArgumentException if the schema still holds a reference ({@code $ref}): Vert.x
   *     resolves every one in the contract, and an unresolved one could not be followed here; or if
   *     it contains itself
   */
  static CompiledSchemaValidator of(JsonSchema schema) {
    // a schema is an object, or true or false (Vert.x's BooleanSchema, which prints as its value)
    Object json =
        schema instanceof JsonObject object ? object : Boolean.valueOf(String.valueOf(schema));
    com.networknt.schema.JsonSchema compiled = FACTORY.getSchema(schemaNode(json), CONFIG);
    // networknt builds a schema's keyword validators on its first validation, into a plain field;
    // built here, before the validator is shared by the event loops, no request builds or races it
    compiled.initializeValidators();
    return new CompiledSchemaValidator(compiled);
  }

  @Override
  public OutputUnit validate(Object instance) {
    Set<ValidationMessage> messages = schema.validate(node(instance));
    if (messages.isEmpty()) {
      return new OutputUnit(true);
    }
    List<OutputUnit> errors = new ArrayList<>(messages.size());
    for (ValidationMessage message : messages) {
      errors.add(outputUnit(message));
    }
    OutputUnit first = errors.get(0);
    return new OutputUnit(
            first.getInstanceLocation(),
            first.getAbsoluteKeywordLocation(),
            first.getKeywordLocation(),
            first.getError(),
            first.getErrorType())
        .setValid(false)
        .setErrors(errors);
  }

  /**
   * One broken rule. A missing required property or a property the schema does not allow is
   * reported at the object that holds it; here it is named in the pointer, as Vert.x named it.
   */
  private static OutputUnit outputUnit(ValidationMessage message) {
    String pointer = message.getInstanceLocation().toString();
    boolean aboutProperty =
        ("required".equals(message.getType()) || "additionalProperties".equals(message.getType()))
            && message.getProperty() != null;
    if (aboutProperty) {
      pointer = pointer + "/" + message.getProperty().replace("~", "~0").replace("/", "~1");
    }
    return new OutputUnit(
        "#" + pointer,
        String.valueOf(message.getSchemaLocation()),
        String.valueOf(message.getEvaluationPath()),
        message.getError(),
        "required".equals(message.getType())
            ? OutputErrorType.MISSING_VALUE
            : OutputErrorType.INVALID_VALUE);
  }

  /**
   * The schema as JSON for networknt, without Vert.x's annotations. Refuses a reference ({@code
   * $ref}): Vert.x resolves every one in the document, wherever it stands, so one left here was not
   * resolved. Refuses a schema that contains itself (Vert.x resolves a recursive reference into a
   * cycle). Neither could be compiled here.
   */
  private static JsonNode schemaNode(Object value) {
    return schemaNode(value, Collections.newSetFromMap(new IdentityHashMap<>()));
  }

  /**
   * @param enclosing the maps and lists {@code value} is inside (a map that two sibling references
   *     resolved to is not inside itself)
   */
  private static JsonNode schemaNode(Object value, Set<Object> enclosing) {
    // the maps and lists themselves: iterating a JsonObject wraps each nested one anew
    if (value instanceof JsonObject object) {
      return schemaNode(object.getMap(), enclosing);
    }
    if (value instanceof JsonArray array) {
      return schemaNode(array.getList(), enclosing);
    }
    if (!(value instanceof Map) && !(value instanceof List)) {
      return node(value);
    }
    if (!enclosing.add(value)) {
      throw new IllegalArgumentException("a recursive schema: it contains itself");
    }
    JsonNode node;
    if (value instanceof List<?> list) {
      ArrayNode items = JsonNodeFactory.instance.arrayNode(list.size());
      list.forEach(item -> items.add(schemaNode(item, enclosing)));
      node = items;
    } else {
      ObjectNode fields = JsonNodeFactory.instance.objectNode();
      for (Map.Entry<?, ?> entry : ((Map<?, ?>) value).entrySet()) {
        String key = String.valueOf(entry.getKey());
        if ("$ref".equals(key)) {
          throw new IllegalArgumentException("unresolved reference " + entry.getValue());
        }
        if (!VERTX_ANNOTATION.equals(key)) {
          fields.set(key, schemaNode(entry.getValue(), enclosing));
        }
      }
      node = fields;
    }
    enclosing.remove(value);
    return node;
  }

  /**
   * A value as Vert.x decodes JSON: JsonObject, JsonArray (or the Map and List inside them),
   * String, Number, Boolean, null. Walks the maps and lists themselves: iterating a JsonObject or
   * JsonArray wraps every nested map and list in a new JsonObject or JsonArray.
   */
  private static JsonNode node(Object value) {
    JsonNodeFactory nodes = JsonNodeFactory.instance;
    if (value == null) {
      return nodes.nullNode();
    }
    if (value instanceof JsonObject object) {
      return node(object.getMap());
    }
    if (value instanceof JsonArray array) {
      return node(array.getList());
    }
    if (value instanceof Map<?, ?> map) {
      ObjectNode node = nodes.objectNode();
      map.forEach((key, item) -> node.set(String.valueOf(key), node(item)));
      return node;
    }
    if (value instanceof List<?> list) {
      ArrayNode node = nodes.arrayNode(list.size());
      list.forEach(item -> node.add(node(item)));
      return node;
    }
    if (value instanceof String text) {
      return nodes.textNode(text);
    }
    if (value instanceof Boolean bool) {
      return nodes.booleanNode(bool);
    }
    if (value instanceof Number number) {
      return number(number);
    }
    return nodes.textNode(value.toString());
  }

  /** A number as Vert.x decodes it: Integer, Long, Double, or BigInteger/BigDecimal when large. */
  private static JsonNode number(Number number) {
    JsonNodeFactory nodes = JsonNodeFactory.instance;
    if (number instanceof BigDecimal decimal) {
      return nodes.numberNode(decimal);
    }
    if (number instanceof BigInteger integer) {
      return nodes.numberNode(integer);
    }
    if (number instanceof Double || number instanceof Float) {
      return nodes.numberNode(number.doubleValue());
    }
    return nodes.numberNode(number.longValue());
  }
}
