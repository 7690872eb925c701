package io.ordo.queue.http;

import io.ordo.ErrorCode;
import io.ordo.InstanceLockedException;
import io.ordo.TaskControlException;
import io.vertx.core.json.DecodeException;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import io.vertx.ext.web.RoutingContext;
import io.vertx.ext.web.handler.HttpException;
import io.vertx.json.schema.OutputUnit;
import io.vertx.openapi.validation.SchemaValidationException;
import io.vertx.openapi.validation.ValidatorErrorType;
import io.vertx.openapi.validation.ValidatorException;
import java.time.Duration;
import java.time.Instant;
import java.util.Locale;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The one place where failures become {@code application/problem+json} responses (RFC 9457) with a
 * stable {@code code}: domain exceptions, OpenAPI validation failures, body-limit and routing
 * errors.
 */
public final class Problems {
  private static final Logger LOG = LoggerFactory.getLogger(Problems.class);
  private static final String INTERNAL_DETAIL = "internal error; the node's log has the details";

  private Problems() {}

  /** The router's failure handler. */
  public static void handle(RoutingContext rc) {
    if (rc.response().headWritten()) {
      rc.response().reset();
      return;
    }
    Throwable failure = rc.failure();
    TaskControlException problem = toProblem(failure, rc.statusCode());
    if (problem.code() == ErrorCode.INTERNAL) {
      LOG.error("{} {} failed", rc.request().method(), rc.request().path(), failure);
    }
    send(rc, problem);
  }

  /**
   * Sends the problem response of a domain exception: the one place where a problem's detail is
   * written for the client. Details are Ordo's own words; an internal error never shows what the
   * failure said (that goes to the log).
   */
  public static void send(RoutingContext rc, TaskControlException problem) {
    ErrorCode code = problem.code();
    JsonObject body =
        new JsonObject()
            .put("type", "urn:ordo:problem:" + code.code())
            .put("title", title(code))
            .put("status", code.httpStatus())
            .put("detail", code == ErrorCode.INTERNAL ? INTERNAL_DETAIL : problem.getMessage())
            .put("code", code.code());
    problem.details().forEach(entry -> body.put(entry.getKey(), entry.getValue()));
    if (problem instanceof InstanceLockedException locked) {
      rc.response().putHeader("Retry-After", String.valueOf(retryAfterSeconds(locked)));
    }
    if (code == ErrorCode.UNAUTHORIZED) {
      rc.response().putHeader("WWW-Authenticate", "Bearer");
    }
    rc.response()
        .setStatusCode(code.httpStatus())
        .putHeader("content-type", "application/problem+json")
        .end(body.encode());
  }

  static TaskControlException toProblem(Throwable failure, int statusCode) {
    if (failure instanceof TaskControlException domain) {
      return domain;
    }
    if (failure instanceof HttpException http && http.getCause() instanceof ValidatorException v) {
      return validation(v);
    }
    if (failure instanceof ValidatorException v) {
      return validation(v);
    }
    if (failure instanceof DecodeException
        || failure instanceof HttpException http && http.getCause() instanceof DecodeException) {
      return new TaskControlException(ErrorCode.INVALID_REQUEST, "the body is not valid JSON");
    }
    if (failure instanceof IllegalArgumentException) {
      return new TaskControlException(
          ErrorCode.INVALID_REQUEST, "a value of the request is invalid");
    }
    int status = failure instanceof HttpException http ? http.getStatusCode() : statusCode;
    return switch (status) {
      case 400 -> new TaskControlException(ErrorCode.INVALID_REQUEST, "bad request");
      case 401 -> new TaskControlException(ErrorCode.UNAUTHORIZED, "authentication required");
      case 403 -> new TaskControlException(ErrorCode.FORBIDDEN, "forbidden");
      case 404 -> new TaskControlException(ErrorCode.NOT_FOUND, "no such resource");
      case 405 ->
          new TaskControlException(ErrorCode.NOT_FOUND, "method not allowed on this resource");
      case 413 ->
          new TaskControlException(
              ErrorCode.PAYLOAD_TOO_LARGE, "the request body is larger than this node accepts");
      case 415 ->
          new TaskControlException(
              ErrorCode.UNSUPPORTED_MEDIA_TYPE, "send request bodies as application/json");
      default -> new TaskControlException(ErrorCode.INTERNAL, INTERNAL_DETAIL, failure);
    };
  }

  private static TaskControlException validation(ValidatorException v) {
    if (v.type() == ValidatorErrorType.ILLEGAL_VALUE && v.getMessage().contains("body")) {
      return new TaskControlException(ErrorCode.INVALID_REQUEST, "the body is not valid JSON");
    }
    JsonArray errors = new JsonArray();
    if (v instanceof SchemaValidationException schema && schema.getOutputUnit() != null) {
      collect(schema.getOutputUnit(), errors);
    }
    String detail = v.getMessage();
    JsonObject deepest = deepest(errors);
    if (deepest != null) {
      // The leaf names the field and the rule ("/timeouts/scheduleToStart: ... minimum 1"), where
      // the summary often names only an enclosing object.
      // A parameter's message states one of its errors (Vert.x OpenAPI's reason: the last); the
      // leaf is added unless it is that one.
      String rule = deepest.getString("message");
      detail =
          "body".equals(where(v))
              ? "request body " + deepest.getString("path") + ": " + rule
              : v.getMessage().contains(rule) ? v.getMessage() : v.getMessage() + " (" + rule + ")";
    }
    return new TaskControlException(
        ErrorCode.INVALID_REQUEST, detail, new JsonObject().put("errors", errors));
  }

  /**
   * The error about the most deeply nested value; on a tie, one that states a rule ("integer found,
   * string expected", "must have a maximum value of 31536000") over one that only says a subschema
   * failed.
   */
  private static JsonObject deepest(JsonArray errors) {
    JsonObject deepest = null;
    int rank = -1;
    for (Object item : errors) {
      JsonObject error = (JsonObject) item;
      int r = 2 * error.getString("path").split("/").length + (summarises(error) ? 0 : 1);
      if (r > rank) {
        deepest = error;
        rank = r;
      }
    }
    return deepest;
  }

  private static boolean summarises(JsonObject error) {
    String message = error.getString("message", "");
    // networknt's oneOf, anyOf and allOf: "must be valid to one and only one schema, but 0 are
    // valid", "must be valid to any of the schemas …", "must be valid to all the schemas …"
    return message.contains("must be valid to");
  }

  private static String where(ValidatorException v) {
    String message = v.getMessage() == null ? "" : v.getMessage().toLowerCase(Locale.ROOT);
    if (message.contains("query")) {
      return "query parameter";
    }
    if (message.contains("path")) {
      return "path parameter";
    }
    if (message.contains("header")) {
      return "header";
    }
    return "body";
  }

  private static void collect(OutputUnit unit, JsonArray errors) {
    if (unit.getErrors() != null && !unit.getErrors().isEmpty()) {
      unit.getErrors().forEach(child -> collect(child, errors));
      return;
    }
    if (unit.getError() != null) {
      String path = unit.getInstanceLocation() == null ? "" : unit.getInstanceLocation();
      errors.add(
          new JsonObject()
              .put("path", path.isEmpty() || path.equals("#") ? "/" : path.replaceFirst("^#", ""))
              .put("message", unit.getError()));
    }
  }

  private static long retryAfterSeconds(InstanceLockedException locked) {
    Instant expiry = locked.lockExpiry();
    if (expiry == null) {
      return 1;
    }
    return Math.max(1, Duration.between(Instant.now(), expiry).toSeconds() + 1);
  }

  private static String title(ErrorCode code) {
    String words = code.code().replace('_', ' ');
    return Character.toUpperCase(words.charAt(0)) + words.substring(1).toLowerCase(Locale.ROOT);
  }
}
