package io.ordo.client.impl;

import io.ordo.ErrorCode;
import io.ordo.TaskControlExceptions;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.json.DecodeException;
import io.vertx.core.json.JsonObject;
import io.vertx.ext.web.client.HttpResponse;
import java.util.Set;

/**
 * Turns an error response into the exception the server threw: the problem's {@code code} picks the
 * class, its {@code detail} is the message, its other members are the details. A response without a
 * problem body (a proxy's error page) is classified by its status.
 */
final class HttpProblems {
  /** RFC 9457's own members, which are not details. */
  private static final Set<String> STANDARD = Set.of("type", "title", "status", "detail", "code");

  private HttpProblems() {}

  static RuntimeException toException(HttpResponse<Buffer> response) {
    JsonObject problem = parse(response.body());
    String code = problem == null ? null : problem.getString("code");
    if (code == null) {
      return TaskControlExceptions.of(
          byStatus(response.statusCode()),
          "HTTP " + response.statusCode() + " " + response.statusMessage(),
          new JsonObject());
    }
    JsonObject details = new JsonObject();
    problem.forEach(
        member -> {
          if (!STANDARD.contains(member.getKey())) {
            details.put(member.getKey(), member.getValue());
          }
        });
    return TaskControlExceptions.of(
        ErrorCode.fromCode(code),
        problem.getString("detail", "HTTP " + response.statusCode()),
        details);
  }

  private static JsonObject parse(Buffer body) {
    if (body == null || body.length() == 0) {
      return null;
    }
    try {
      return body.toJsonObject();
    } catch (DecodeException | ClassCastException e) {
      return null;
    }
  }

  static ErrorCode byStatus(int status) {
    return switch (status) {
      case 400 -> ErrorCode.INVALID_REQUEST;
      case 401 -> ErrorCode.UNAUTHORIZED;
      case 403 -> ErrorCode.FORBIDDEN;
      case 404 -> ErrorCode.NOT_FOUND;
      case 413 -> ErrorCode.PAYLOAD_TOO_LARGE;
      case 502, 503, 504 -> ErrorCode.UNAVAILABLE;
      default -> ErrorCode.INTERNAL;
    };
  }
}
