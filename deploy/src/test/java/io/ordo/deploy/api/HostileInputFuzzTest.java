package io.ordo.deploy.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.ordo.deploy.Api;
import io.ordo.deploy.TestNode;
import io.ordo.queue.http.ApiContract;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpMethod;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Walks every operation of the OpenAPI document with hostile values in each path parameter, query
 * parameter and body field (nested fields too, each inside a body whose required fields are
 * present) (wrong types, NUL, huge numbers, deep nesting, long strings, odd unicode, path
 * traversal): no answer is a 5xx, none hangs (each request has a 10 s limit), none carries
 * exception text, and the node is healthy at the end.
 */
class HostileInputFuzzTest extends NodeApiTest {
  private static final List<String> RAW_VALUES =
      List.of(
          "5",
          "-1",
          "true",
          "null",
          "[]",
          "{}",
          "\"x\"",
          "\"a\\u0000b\"",
          "1e400",
          "-1e400",
          "123456789012345678901234567890",
          "\"" + "a".repeat(100_000) + "\"",
          "\"\\ud800\"",
          "\"\\u202e\\ufeff\\uffff\"",
          "\"../../../etc/passwd\"",
          "\"%zz\"",
          "[".repeat(1100) + "]".repeat(1100),
          "{\"a\":".repeat(70) + "1" + "}".repeat(70));

  private static final List<String> PATH_VALUES =
      List.of("%00", "..", "%2e%2e", "%zz", "-1", "1.5", "1e400", "a".repeat(300), "%E2%80%AE");

  private static final List<String> QUERY_VALUES =
      List.of("%00", "-1", "0", "99999999999999999999", "1e400", "%zz", "x", "%E2%80%AE");

  private static final String PLACEHOLDER = "@@hostile@@";

  private static final List<String> LEAKS =
      List.of("Exception", "at io.", "java.", "PSQLException", "ERROR:", "jackson", "Jackson");

  @Test
  @SuppressWarnings("unchecked")
  void everyRoute_answersHostileValuesWithA4xx_andTheNodeStaysHealthy() throws Exception {
    Map<String, Object> document;
    try (InputStream in =
        ApiContract.class.getClassLoader().getResourceAsStream(ApiContract.RESOURCE)) {
      document =
          new org.yaml.snakeyaml.Yaml().load(new String(in.readAllBytes(), StandardCharsets.UTF_8));
    }
    Map<String, Object> schemas =
        (Map<String, Object>) ((Map<String, Object>) document.get("components")).get("schemas");
    Map<String, Object> paths = (Map<String, Object>) document.get("paths");
    int requests = 0;
    try (Api hostile = new Api(node.httpPort(), TestNode.OPERATOR, Duration.ofSeconds(10))) {
      for (Map.Entry<String, Object> path : paths.entrySet()) {
        for (Map.Entry<String, Object> operation :
            ((Map<String, Object>) path.getValue()).entrySet()) {
          if (operation.getKey().equals("parameters")) {
            continue;
          }
          HttpMethod method = HttpMethod.valueOf(operation.getKey().toUpperCase());
          String template = path.getKey();
          for (String value : PATH_VALUES) {
            check(hostile, method, template.replaceAll("\\{[^}]+}", value), null);
            requests++;
          }
          String plain = template.replaceAll("\\{[^}]+}", "fuzz");
          for (String name : queryNames((Map<String, Object>) operation.getValue(), document)) {
            for (String value : QUERY_VALUES) {
              check(hostile, method, plain + "?" + name + "=" + value, null);
              requests++;
            }
          }
          Map<String, Object> schema =
              bodySchema((Map<String, Object>) operation.getValue(), schemas);
          if (schema != null) {
            for (String value : RAW_VALUES) {
              check(hostile, method, plain, value);
              requests++;
            }
            for (List<String> field : fieldPaths(schema, schemas, List.of())) {
              for (String value : RAW_VALUES) {
                check(hostile, method, plain, bodyWith(schema, schemas, field, value));
                requests++;
              }
            }
          }
        }
      }
    }
    assertTrue(requests > 1_000, "walked " + requests + " requests");
    assertEquals(200, api.get("/health/live").status());
    assertEquals(200, api.get("/health/ready").status());
    assertEquals(200, api.get("/status").status());
  }

  private static void check(Api client, HttpMethod method, String path, String body) {
    Api.Reply reply =
        client.send(method, path, body == null ? null : Buffer.buffer(body), Map.of());
    String where = method + " " + path + (body == null ? "" : " " + abbreviate(body));
    assertTrue(
        reply.status() < 500, () -> where + " answered " + reply.status() + " " + reply.body());
    String text = reply.body().toString();
    for (String leak : LEAKS) {
      assertFalse(text.contains(leak), () -> where + " leaked '" + leak + "': " + abbreviate(text));
    }
  }

  @SuppressWarnings("unchecked")
  private static List<String> queryNames(Map<String, Object> operation, Map<String, Object> doc) {
    List<String> names = new ArrayList<>();
    Object parameters = operation.get("parameters");
    if (parameters instanceof List<?> list) {
      Map<String, Object> shared =
          (Map<String, Object>) ((Map<String, Object>) doc.get("components")).get("parameters");
      for (Object item : list) {
        Map<String, Object> parameter = (Map<String, Object>) item;
        if (parameter.get("$ref") instanceof String ref) {
          parameter = (Map<String, Object>) shared.get(ref.substring(ref.lastIndexOf('/') + 1));
        }
        if ("query".equals(parameter.get("in"))) {
          names.add((String) parameter.get("name"));
        }
      }
    }
    return names;
  }

  /** The schema of the operation's JSON body, references resolved; null if it takes none. */
  @SuppressWarnings("unchecked")
  private static Map<String, Object> bodySchema(
      Map<String, Object> operation, Map<String, Object> schemas) {
    Object requestBody = operation.get("requestBody");
    if (requestBody == null) {
      return null;
    }
    return resolve(
        (Map<String, Object>)
            ((Map<String, Object>)
                    ((Map<String, Object>) ((Map<String, Object>) requestBody).get("content"))
                        .get("application/json"))
                .get("schema"),
        schemas);
  }

  @SuppressWarnings("unchecked")
  private static Map<String, Object> resolve(
      Map<String, Object> schema, Map<String, Object> schemas) {
    if (schema != null && schema.get("$ref") instanceof String ref) {
      return (Map<String, Object>) schemas.get(ref.substring(ref.lastIndexOf('/') + 1));
    }
    return schema;
  }

  @SuppressWarnings("unchecked")
  private static Map<String, Object> properties(Map<String, Object> schema) {
    return schema.get("properties") instanceof Map<?, ?> map ? (Map<String, Object>) map : Map.of();
  }

  /** Every field of the body, nested objects' fields too (to a depth of 3), as property paths. */
  @SuppressWarnings("unchecked")
  private static List<List<String>> fieldPaths(
      Map<String, Object> schema, Map<String, Object> schemas, List<String> prefix) {
    List<List<String>> paths = new ArrayList<>();
    for (Map.Entry<String, Object> property : properties(schema).entrySet()) {
      List<String> path = new ArrayList<>(prefix);
      path.add(property.getKey());
      paths.add(path);
      Map<String, Object> inner = resolve((Map<String, Object>) property.getValue(), schemas);
      if (path.size() < 3 && inner != null) {
        paths.addAll(fieldPaths(inner, schemas, path));
      }
    }
    return paths;
  }

  /**
   * A body that is valid as far as the schema's required fields go, with the raw hostile value at
   * {@code field}: so the value reaches the check of its own field, not only the "missing field"
   * check before it.
   */
  private static String bodyWith(
      Map<String, Object> schema, Map<String, Object> schemas, List<String> field, String raw) {
    JsonObject body = sample(schema, schemas);
    JsonObject parent = body;
    Map<String, Object> parentSchema = schema;
    for (String name : field.subList(0, field.size() - 1)) {
      parentSchema = resolve(childSchema(parentSchema, name), schemas);
      JsonObject child = parent.getValue(name) instanceof JsonObject o ? o : new JsonObject();
      parent.put(name, child);
      parent = child;
    }
    parent.put(field.get(field.size() - 1), PLACEHOLDER);
    return body.encode().replace("\"" + PLACEHOLDER + "\"", raw);
  }

  @SuppressWarnings("unchecked")
  private static Map<String, Object> childSchema(Map<String, Object> schema, String name) {
    Object child = properties(schema).get(name);
    return child instanceof Map<?, ?> map ? (Map<String, Object>) map : Map.of();
  }

  /** An instance with the schema's required fields, each a plain value of its type. */
  @SuppressWarnings("unchecked")
  private static JsonObject sample(Map<String, Object> schema, Map<String, Object> schemas) {
    JsonObject instance = new JsonObject();
    if (!(schema.get("required") instanceof List<?> required)) {
      return instance;
    }
    for (Object name : required) {
      Map<String, Object> property = resolve(childSchema(schema, (String) name), schemas);
      instance.put((String) name, sampleValue(property, schemas));
    }
    return instance;
  }

  @SuppressWarnings("unchecked")
  private static Object sampleValue(Map<String, Object> schema, Map<String, Object> schemas) {
    if (schema.get("enum") instanceof List<?> values && !values.isEmpty()) {
      return values.get(0);
    }
    Object type = schema.get("type");
    if (type instanceof List<?> types && !types.isEmpty()) {
      type = types.get(0);
    }
    if ("integer".equals(type) || "number".equals(type)) {
      return 1;
    }
    if ("boolean".equals(type)) {
      return true;
    }
    if ("array".equals(type)) {
      return new JsonArray();
    }
    if ("object".equals(type) || schema.containsKey("properties")) {
      return sample(schema, schemas);
    }
    return "fuzz";
  }

  private static String abbreviate(String text) {
    return text.length() > 200 ? text.substring(0, 200) + "…" : text;
  }
}
