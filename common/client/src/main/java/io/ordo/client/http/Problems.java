package io.ordo.client.http;

import com.fasterxml.jackson.databind.JsonNode;
import io.ordo.client.http.exception.ExecutionExistsException;
import io.ordo.client.http.exception.ForbiddenException;
import io.ordo.client.http.exception.InstanceLockedException;
import io.ordo.client.http.exception.InvalidDefinitionException;
import io.ordo.client.http.exception.InvalidParameterException;
import io.ordo.client.http.exception.InvalidRequestException;
import io.ordo.client.http.exception.InvalidScriptException;
import io.ordo.client.http.exception.InvalidTaskException;
import io.ordo.client.http.exception.NotFoundException;
import io.ordo.client.http.exception.PayloadTooLargeException;
import io.ordo.client.http.exception.QueueNotFoundException;
import io.ordo.client.http.exception.ServerErrorException;
import io.ordo.client.http.exception.ServiceUnavailableException;
import io.ordo.client.http.exception.TaskControlException;
import io.ordo.client.http.exception.TaskIllegalStateException;
import io.ordo.client.http.exception.TaskNotFinishedException;
import io.ordo.client.http.exception.TaskQueueIllegalStateException;
import io.ordo.client.http.exception.UnauthorizedException;
import io.ordo.client.http.exception.UnknownTaskTypeException;
import java.io.IOException;
import java.net.http.HttpHeaders;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;

/**
 * Turns an error answer (RFC 9457 problem+json) into its exception: the {@code code} picks the
 * class, the {@code detail} is the message, the other members are kept, and the exception carries
 * the answer's real status. An answer without a problem body (a proxy's error page) or with a code
 * this client does not know is classified by its status.
 */
final class Problems {
  /** RFC 9457's own members, which are not kept among the problem's members. */
  private static final Set<String> STANDARD = Set.of("type", "title", "status", "detail", "code");

  private Problems() {}

  static TaskControlException toException(int status, HttpHeaders headers, byte[] body) {
    JsonNode problem = parse(body);
    Map<String, Object> members = new LinkedHashMap<>();
    String code = null;
    String detail = null;
    if (problem != null) {
      code = Json.text(problem, "code");
      detail = Json.text(problem, "detail");
      problem
          .fields()
          .forEachRemaining(
              member -> {
                if (!STANDARD.contains(member.getKey())) {
                  members.put(member.getKey(), Json.plain(member.getValue()));
                }
              });
    }
    if (detail == null) {
      detail = describe(status, headers);
    }
    return byCode(code == null ? codeOf(status) : code, status, detail, members, headers);
  }

  /** An answer without a detail, in words: its status, and where a redirect pointed. */
  private static String describe(int status, HttpHeaders headers) {
    if (status >= 300 && status < 400) {
      return "HTTP "
          + status
          + ": a redirect to "
          + headers.firstValue("Location").orElse("(no Location)")
          + ", which the client does not follow (is the base URL the API's?)";
    }
    return "HTTP " + status;
  }

  /**
   * The problem a stream's {@code error} message names (its {@code code} and {@code detail}); a
   * missing code is the server's own failure.
   */
  static TaskControlException fromStream(String code, String detail) {
    String known = code == null ? "internal" : code;
    return byCode(
        known,
        500,
        detail == null ? known : detail,
        Map.of(),
        HttpHeaders.of(Map.of(), (name, value) -> true));
  }

  private static TaskControlException byCode(
      String code, int status, String detail, Map<String, Object> problem, HttpHeaders headers) {
    return switch (code) {
      case InvalidRequestException.CODE -> new InvalidRequestException(status, detail, problem);
      case InvalidParameterException.CODE -> new InvalidParameterException(status, detail, problem);
      case UnknownTaskTypeException.CODE -> new UnknownTaskTypeException(status, detail, problem);
      case InvalidScriptException.CODE -> new InvalidScriptException(status, detail, problem);
      case InvalidDefinitionException.CODE ->
          new InvalidDefinitionException(status, detail, problem);
      case UnauthorizedException.CODE -> new UnauthorizedException(status, detail, problem);
      case ForbiddenException.CODE -> new ForbiddenException(status, detail, problem);
      case InvalidTaskException.CODE -> new InvalidTaskException(status, detail, problem);
      case QueueNotFoundException.CODE -> new QueueNotFoundException(status, detail, problem);
      case NotFoundException.CODE -> new NotFoundException(status, detail, problem);
      case TaskIllegalStateException.CODE -> new TaskIllegalStateException(status, detail, problem);
      case TaskNotFinishedException.CODE -> new TaskNotFinishedException(status, detail, problem);
      case TaskQueueIllegalStateException.CODE ->
          new TaskQueueIllegalStateException(status, detail, problem);
      case InstanceLockedException.CODE ->
          new InstanceLockedException(status, detail, problem, retryAfter(headers));
      case ExecutionExistsException.CODE -> new ExecutionExistsException(status, detail, problem);
      case PayloadTooLargeException.CODE -> new PayloadTooLargeException(status, detail, problem);
      case ServiceUnavailableException.CODE ->
          new ServiceUnavailableException(status, detail, problem);
      // queue_exists is answered as the seed's false by the one call that meets it
      case "queue_exists" -> new TaskControlException(code, status, detail, problem, null);
      default -> byStatus(code, status, detail, problem);
    };
  }

  /**
   * A code this client has no class for, by its status: too many requests is the server (or a
   * gateway) unable to serve now; another 3xx or 4xx is the caller's mistake (uri_too_long,
   * headers_too_large, idempotency_key_reused, a redirect); the rest is the server's failure.
   */
  private static TaskControlException byStatus(
      String code, int status, String detail, Map<String, Object> problem) {
    if (status == 429) {
      return new ServiceUnavailableException(status, detail, problem);
    }
    if (status >= 300 && status < 500) {
      return new InvalidRequestException(code, status, detail, problem);
    }
    return new ServerErrorException(code, status, detail, problem);
  }

  private static String codeOf(int status) {
    return switch (status) {
      case 400 -> InvalidRequestException.CODE;
      case 401 -> UnauthorizedException.CODE;
      case 403 -> ForbiddenException.CODE;
      case 404 -> NotFoundException.CODE;
      case 413 -> PayloadTooLargeException.CODE;
      case 429, 502, 503, 504 -> ServiceUnavailableException.CODE;
      default ->
          status >= 300 && status < 400
              ? "redirected"
              : status < 500 ? "invalid_request" : "internal";
    };
  }

  private static JsonNode parse(byte[] body) {
    try {
      JsonNode node = Json.parse(body);
      return node.isObject() ? node : null;
    } catch (IOException e) {
      return null;
    }
  }

  /** {@code Retry-After} in seconds (the server's form); null if absent or an HTTP date. */
  static Duration retryAfter(HttpHeaders headers) {
    return headers
        .firstValue("Retry-After")
        .filter(value -> value.trim().matches("\\d{1,9}"))
        .map(value -> Duration.ofSeconds(Long.parseLong(value.trim())))
        .orElse(null);
  }
}
