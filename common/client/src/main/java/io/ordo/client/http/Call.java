package io.ordo.client.http;

import com.fasterxml.jackson.databind.JsonNode;
import io.ordo.client.http.exception.TaskControlException;
import java.io.IOException;
import java.net.URLEncoder;
import java.net.http.HttpHeaders;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.Function;

/**
 * One call of the HTTP API: method, path, query and body, whether it may be sent again after a lost
 * answer, and how its answer reads. Built by the managers, sent by {@link Exchange}.
 */
final class Call<T> {
  final String method;
  final String path;
  final Map<String, String> query = new LinkedHashMap<>();
  final byte[] body;
  private final Function<JsonNode, T> reader;
  private final Map<String, T> answersByCode = new HashMap<>();
  private String idempotencyKey;
  private String traceparent;
  private boolean retryable;

  private Call(String method, String path, Object body, Function<JsonNode, T> reader) {
    this.method = method;
    this.path = path;
    this.body = body == null ? null : Json.write(body);
    this.reader = reader;
    this.retryable = method.equals("GET") || method.equals("PUT");
  }

  static <T> Call<T> get(String path, Function<JsonNode, T> reader) {
    return new Call<>("GET", path, null, reader);
  }

  static <T> Call<T> put(String path, Object body, Function<JsonNode, T> reader) {
    return new Call<>("PUT", path, body, reader);
  }

  /** A POST; not sent again after a lost answer unless {@link #retryable()} says it may be. */
  static <T> Call<T> post(String path, Object body, Function<JsonNode, T> reader) {
    return new Call<>("POST", path, body == null ? Map.of() : body, reader);
  }

  /** A DELETE; not sent again (a repeat would answer "not found" for what it removed). */
  static <T> Call<T> delete(String path, Function<JsonNode, T> reader) {
    return new Call<>("DELETE", path, null, reader);
  }

  /** A path segment, percent-encoded. */
  static String segment(String value) {
    return URLEncoder.encode(value, StandardCharsets.UTF_8).replace("+", "%20");
  }

  Call<T> query(String name, Object value) {
    if (value != null) {
      query.put(name, String.valueOf(value));
    }
    return this;
  }

  /** Sends {@code Idempotency-Key}, which makes the call safe to send again. */
  Call<T> idempotencyKey(String key) {
    this.idempotencyKey = key;
    this.retryable = true;
    return this;
  }

  /** Sends W3C Trace Context's {@code traceparent} (null: none). */
  Call<T> traceparent(String value) {
    this.traceparent = value;
    return this;
  }

  /** Marks a call the server answers the same however often it comes (e.g. a named start). */
  Call<T> retryable() {
    this.retryable = true;
    return this;
  }

  /** Answers {@code value} instead of throwing for a problem with this code (the seed's false). */
  Call<T> answering(String code, T value) {
    answersByCode.put(code, value);
    return this;
  }

  String idempotencyKey() {
    return idempotencyKey;
  }

  String traceparent() {
    return traceparent;
  }

  boolean isRetryable() {
    return retryable;
  }

  /**
   * Reads an answer: the value of a 2xx, else the problem as its exception, created on the calling
   * thread (so a blocking call's exception carries its caller's stack).
   */
  T answer(int status, HttpHeaders headers, byte[] responseBody) {
    if (status >= 200 && status < 300) {
      try {
        return reader.apply(Json.parse(responseBody));
      } catch (IOException | RuntimeException e) {
        throw new TaskControlException(
            "invalid_answer",
            status,
            "the answer of " + method + " " + path + " is unreadable: " + e.getMessage(),
            Map.of(),
            e);
      }
    }
    TaskControlException problem = Problems.toException(status, headers, responseBody);
    if (answersByCode.containsKey(problem.code())) {
      return answersByCode.get(problem.code());
    }
    throw problem;
  }
}
