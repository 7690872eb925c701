package io.ordo.deploy.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.ordo.deploy.Api;
import io.ordo.deploy.TestNode;
import io.ordo.queue.http.ApiRouter;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpMethod;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Walks every operation of the OpenAPI document with hostile values in each path parameter, query
 * parameter and body field (wrong types, NUL, huge numbers, deep nesting, long strings, odd
 * unicode, path traversal): no answer is a 5xx, none hangs (each request has a 10 s limit), none
 * carries exception text, and the node is healthy at the end.
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

  private static final List<String> LEAKS =
      List.of("Exception", "at io.", "java.", "PSQLException", "ERROR:", "jackson", "Jackson");

  @Test
  @SuppressWarnings("unchecked")
  void everyRoute_answersHostileValuesWithA4xx_andTheNodeStaysHealthy() throws Exception {
    Map<String, Object> document;
    try (InputStream in =
        ApiRouter.class.getClassLoader().getResourceAsStream(ApiRouter.CONTRACT)) {
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
          for (String field : bodyFields((Map<String, Object>) operation.getValue(), schemas)) {
            for (String value : RAW_VALUES) {
              String body = field.isEmpty() ? value : "{\"" + field + "\": " + value + "}";
              check(hostile, method, plain, body);
              requests++;
            }
          }
        }
      }
    }
    assertTrue(requests > 500, "walked " + requests + " requests");
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

  /** The body's top-level fields, and "" for the whole body; none if it takes no body. */
  @SuppressWarnings("unchecked")
  private static List<String> bodyFields(
      Map<String, Object> operation, Map<String, Object> schemas) {
    Object requestBody = operation.get("requestBody");
    if (requestBody == null) {
      return List.of();
    }
    Map<String, Object> schema =
        (Map<String, Object>)
            ((Map<String, Object>)
                    ((Map<String, Object>) ((Map<String, Object>) requestBody).get("content"))
                        .get("application/json"))
                .get("schema");
    if (schema.get("$ref") instanceof String ref) {
      schema = (Map<String, Object>) schemas.get(ref.substring(ref.lastIndexOf('/') + 1));
    }
    List<String> fields = new ArrayList<>();
    fields.add("");
    Object properties = schema.get("properties");
    if (properties instanceof Map<?, ?> map) {
      map.keySet().forEach(key -> fields.add((String) key));
    }
    return fields;
  }

  private static String abbreviate(String text) {
    return text.length() > 200 ? text.substring(0, 200) + "…" : text;
  }
}
