package io.ordo.queue.http;

import io.ordo.ErrorCode;
import io.ordo.InstanceLockedException;
import io.ordo.TaskControlException;
import io.ordo.db.DatabaseOutage;
import io.vertx.core.http.HttpClosedException;
import io.vertx.core.http.HttpVersion;
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
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Pattern;
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

  /** A path or query that cannot be percent-decoded. */
  static final TaskControlException MALFORMED_ESCAPE =
      new TaskControlException(
          ErrorCode.INVALID_REQUEST,
          "the path or query has a malformed percent escape (such as %zz)");

  /** When a client may send a request again that was answered {@code unavailable}. */
  private static final int UNAVAILABLE_RETRY_AFTER_SECONDS = 1;

  /**
   * How Vert.x OpenAPI says that a body is not what its media type says ("The request body can't be
   * decoded", ContentAnalyser). RequestGuard decodes every body first and answers it itself, so
   * this is a second line.
   */
  private static final Pattern BODY_UNDECODABLE = Pattern.compile("The \\S+ body can't be decoded");

  /** The keywords whose errors only say that subschemas failed. */
  private static final Set<String> SUMMARIES = Set.of("oneOf", "anyOf", "allOf");

  private Problems() {}

  /** The router's failure handler. */
  public static void handle(RoutingContext rc) {
    if (rc.response().headWritten()) {
      rc.response().reset();
      return;
    }
    Throwable failure = rc.failure();
    if (failure instanceof HttpClosedException) {
      // the client went away, or the connection was refused below the router: no one to answer
      LOG.debug("{} {}: connection closed", rc.request().method(), rc.request().path());
      return;
    }
    TaskControlException problem =
        rc.statusCode() == 400
                && rc.request().version() == HttpVersion.HTTP_1_1
                && rc.request().authority() == null
            // Vert.x Web's routing refuses an HTTP/1.1 request without a Host before any route
            ? new TaskControlException(
                ErrorCode.INVALID_REQUEST,
                "an HTTP/1.1 request needs a Host header naming this node (host or host:port)")
            : toProblem(failure, rc.statusCode());
    if (problem.code() == ErrorCode.INTERNAL) {
      LOG.error("{} {} failed", rc.request().method(), rc.request().path(), failure);
    } else if (DatabaseOutage.isOutage(failure)) {
      LOG.warn(
          "{} {}: database unreachable: {}",
          rc.request().method(),
          rc.request().path(),
          failure.toString());
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
    JsonObject body = body(problem);
    if (problem instanceof InstanceLockedException locked) {
      rc.response().putHeader("Retry-After", String.valueOf(retryAfterSeconds(locked)));
    } else if (code == ErrorCode.UNAVAILABLE) {
      rc.response().putHeader("Retry-After", String.valueOf(UNAVAILABLE_RETRY_AFTER_SECONDS));
    }
    if (code == ErrorCode.UNAUTHORIZED) {
      rc.response().putHeader("WWW-Authenticate", "Bearer");
    }
    rc.response()
        .setStatusCode(code.httpStatus())
        .putHeader("content-type", "application/problem+json")
        .end(body.encode());
  }

  /** The problem document of a domain exception (RFC 9457 members, its code and its details). */
  static JsonObject body(TaskControlException problem) {
    ErrorCode code = problem.code();
    JsonObject body =
        new JsonObject()
            .put("type", "urn:ordo:problem:" + code.code())
            .put("title", title(code))
            .put("status", code.httpStatus())
            .put("detail", code == ErrorCode.INTERNAL ? INTERNAL_DETAIL : problem.getMessage())
            .put("code", code.code());
    problem.details().forEach(entry -> body.put(entry.getKey(), entry.getValue()));
    return body;
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
    if (failure instanceof HttpException http
        && http.getCause() instanceof IllegalArgumentException) {
      return MALFORMED_ESCAPE; // Vert.x Web decoding the query or path
    }
    if (DatabaseOutage.isOutage(failure)) {
      return DatabaseOutage.unavailable(failure);
    }
    int status = failure instanceof HttpException http ? http.getStatusCode() : statusCode;
    return switch (status) {
      case 400 -> new TaskControlException(ErrorCode.INVALID_REQUEST, "bad request");
      case 401 -> new TaskControlException(ErrorCode.UNAUTHORIZED, "authentication required");
      case 403 -> new TaskControlException(ErrorCode.FORBIDDEN, "forbidden");
      case 404 -> new TaskControlException(ErrorCode.NOT_FOUND, "no such resource");
      case 405 ->
          new TaskControlException(
              ErrorCode.METHOD_NOT_ALLOWED, "method not allowed on this resource");
      case 413 ->
          new TaskControlException(
              ErrorCode.PAYLOAD_TOO_LARGE, "the request body is larger than this node accepts");
      case 415 ->
          new TaskControlException(
              ErrorCode.UNSUPPORTED_MEDIA_TYPE, "send request bodies as application/json");
      case 417 ->
          new TaskControlException(
              ErrorCode.EXPECTATION_FAILED, "the only Expect this node meets is 100-continue");
      default ->
          status >= 400 && status < 500
              // a refusal of Vert.x's that has no code of its own: still the client's request
              ? new TaskControlException(ErrorCode.INVALID_REQUEST, "bad request")
              : new TaskControlException(ErrorCode.INTERNAL, INTERNAL_DETAIL, failure);
    };
  }

  private static TaskControlException validation(ValidatorException v) {
    String message = v.getMessage() == null ? "" : v.getMessage();
    if (v.type() == ValidatorErrorType.ILLEGAL_VALUE
        && BODY_UNDECODABLE.matcher(message).lookingAt()) {
      return new TaskControlException(ErrorCode.INVALID_REQUEST, "the body is not valid JSON");
    }
    List<Leaf> leaves = new ArrayList<>();
    if (v instanceof SchemaValidationException schema && schema.getOutputUnit() != null) {
      collect(schema.getOutputUnit(), leaves);
    }
    JsonArray errors = new JsonArray();
    leaves.forEach(
        leaf -> errors.add(new JsonObject().put("path", leaf.path()).put("message", leaf.rule())));
    JsonObject details = new JsonObject().put("errors", errors);
    Leaf deepest = deepest(leaves);
    if (deepest == null) {
      return new TaskControlException(ErrorCode.INVALID_REQUEST, unchecked(v), details);
    }
    // The leaf names the value and the rule ("/timeouts/scheduleToStart: ... minimum 1"), where
    // Vert.x OpenAPI's message names one of the errors, often an enclosing object's summary.
    String detail =
        v instanceof InvalidParameter parameter
            ? parameter.place()
                + ("/".equals(deepest.path()) ? "" : " " + deepest.path())
                + ": "
                + deepest.rule()
            : "request body " + deepest.path() + ": " + deepest.rule();
    return new TaskControlException(ErrorCode.INVALID_REQUEST, detail, details);
  }

  /**
   * Ordo's words for a value that failed before its schema was checked: missing, or not readable in
   * its parameter's style. (Vert.x OpenAPI's own message goes to no client.)
   */
  private static String unchecked(ValidatorException v) {
    String what = v instanceof InvalidParameter parameter ? parameter.place() : "the request body";
    return switch (v.type()) {
      case MISSING_REQUIRED_PARAMETER -> what + " is required";
      case ILLEGAL_VALUE, INVALID_VALUE_FORMAT, UNSUPPORTED_VALUE_FORMAT ->
          what + " cannot be read";
      default -> what + " is invalid";
    };
  }

  /**
   * One broken rule: the path of the value that broke it, in the body or in the parameter's value
   * ("/" for the value itself), the rule as the validator states it, and whether it only says that
   * subschemas failed (oneOf, anyOf, allOf).
   */
  private record Leaf(String path, String rule, boolean summary) {}

  /**
   * The error about the most deeply nested value; on a tie, one that states a rule ("integer found,
   * string expected", "must have a maximum value of 31536000") over one that only says a subschema
   * failed.
   */
  private static Leaf deepest(List<Leaf> leaves) {
    Leaf deepest = null;
    int rank = -1;
    for (Leaf leaf : leaves) {
      int r = 2 * leaf.path().split("/").length + (leaf.summary() ? 0 : 1);
      if (r > rank) {
        deepest = leaf;
        rank = r;
      }
    }
    return deepest;
  }

  private static void collect(OutputUnit unit, List<Leaf> leaves) {
    if (unit.getErrors() != null && !unit.getErrors().isEmpty()) {
      unit.getErrors().forEach(child -> collect(child, leaves));
      return;
    }
    if (unit.getError() != null) {
      String path = unit.getInstanceLocation() == null ? "" : unit.getInstanceLocation();
      leaves.add(
          new Leaf(
              path.isEmpty() || path.equals("#") ? "/" : path.replaceFirst("^#", ""),
              unit.getError(),
              SUMMARIES.contains(lastSegment(unit.getKeywordLocation()))));
    }
  }

  /**
   * The keyword a keyword location ends in ("/properties/timeouts/oneOf" → "oneOf"; the validator
   * writes locations as JSON pointers).
   */
  private static String lastSegment(String location) {
    if (location == null) {
      return "";
    }
    return location.substring(location.lastIndexOf('/') + 1);
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
