package io.ordo;

/**
 * The stable error codes of Ordo's API. Each code has one HTTP status; the same code travels as the
 * event-bus failure code, so a client on either transport sees the same error.
 */
public enum ErrorCode {
  INVALID_REQUEST("invalid_request", 400),
  INVALID_PARAMETER("invalid_parameter", 400),
  UNKNOWN_TASK_TYPE("unknown_task_type", 400),
  INVALID_DEFINITION("invalid_definition", 400),
  UNAUTHORIZED("unauthorized", 401),
  FORBIDDEN("forbidden", 403),
  INVALID_TASK("invalid_task", 404),
  QUEUE_NOT_FOUND("queue_not_found", 404),
  NOT_FOUND("not_found", 404),
  TASK_ILLEGAL_STATE("task_illegal_state", 409),
  /** Only a finished (disposed) message can be re-run. */
  TASK_NOT_FINISHED("task_not_finished", 409),
  QUEUE_EXISTS("queue_exists", 409),
  QUEUE_ILLEGAL_STATE("queue_illegal_state", 409),
  INSTANCE_LOCKED("instance_locked", 409),
  PAYLOAD_TOO_LARGE("payload_too_large", 413),
  UNAVAILABLE("unavailable", 503),
  INTERNAL("internal", 500),
  // Appended, not grouped with the other 409s: bus failure codes follow the declaration order.
  EXECUTION_EXISTS("execution_exists", 409),
  /** A JavaScript task's file does not compile; the problem carries the line and column. */
  INVALID_SCRIPT("invalid_script", 400),
  /** An idempotency key repeated with another payload or for another queue (IETF draft: 422). */
  IDEMPOTENCY_KEY_REUSED("idempotency_key_reused", 422),
  UNSUPPORTED_MEDIA_TYPE("unsupported_media_type", 415),
  /**
   * A path of the API asked with a method it does not have; the answer names them ({@code Allow}).
   */
  METHOD_NOT_ALLOWED("method_not_allowed", 405),
  /** A request line longer than the node reads (HTTP's own limit, before any route). */
  URI_TOO_LONG("uri_too_long", 414),
  /** Request headers larger than the node reads (HTTP's own limit, before any route). */
  HEADERS_TOO_LARGE("headers_too_large", 431),
  /** A request in another HTTP version than 1.0 or 1.1 (HTTP/2 is not offered). */
  HTTP_VERSION_NOT_SUPPORTED("http_version_not_supported", 505),
  /** An {@code Expect} header other than {@code 100-continue}. */
  EXPECTATION_FAILED("expectation_failed", 417);

  private final String code;
  private final int httpStatus;

  ErrorCode(String code, int httpStatus) {
    this.code = code;
    this.httpStatus = httpStatus;
  }

  /** The wire name, e.g. {@code task_illegal_state}. */
  public String code() {
    return code;
  }

  public int httpStatus() {
    return httpStatus;
  }

  /**
   * The event-bus failure code: stable across releases because it is the enum's HTTP-independent
   * id.
   */
  public int busFailureCode() {
    return 1000 + ordinal();
  }

  public static ErrorCode fromBusFailureCode(int failureCode) {
    int index = failureCode - 1000;
    ErrorCode[] values = values();
    return index >= 0 && index < values.length ? values[index] : INTERNAL;
  }

  public static ErrorCode fromCode(String code) {
    for (ErrorCode value : values()) {
      if (value.code.equals(code)) {
        return value;
      }
    }
    return INTERNAL;
  }
}
