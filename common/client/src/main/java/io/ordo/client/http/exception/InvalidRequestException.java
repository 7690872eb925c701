package io.ordo.client.http.exception;

import java.util.Map;

/**
 * The request broke the API's rules (a malformed id, a value out of range); sending it again will
 * not help. Also any other 4xx answer this client has no class for, under the answer's own {@link
 * #code()} (e.g. {@code uri_too_long}, {@code headers_too_large}, {@code idempotency_key_reused}),
 * or {@code invalid_request} for an answer without a problem body (a proxy's 409).
 */
public class InvalidRequestException extends TaskControlException {
  /** The code of this failure. */
  public static final String CODE = "invalid_request";

  /**
   * A {@code invalid_request} problem, answered with HTTP 400.
   *
   * @param detail the problem's detail
   * @param problem the problem's other members
   */
  public InvalidRequestException(String detail, Map<String, Object> problem) {
    this(400, detail, problem);
  }

  /**
   * A {@code invalid_request} problem.
   *
   * @param status the HTTP status of the answer (a proxy may answer another than the API's 400)
   * @param detail the problem's detail
   * @param problem the problem's other members
   */
  public InvalidRequestException(int status, String detail, Map<String, Object> problem) {
    super(CODE, status, detail, problem, null);
  }

  /**
   * A 4xx problem this client has no class of its own for.
   *
   * @param code the problem's code, e.g. {@code uri_too_long}
   * @param status the HTTP status of the answer
   * @param detail the problem's detail
   * @param problem the problem's other members
   */
  public InvalidRequestException(
      String code, int status, String detail, Map<String, Object> problem) {
    super(code, status, detail, problem, null);
  }
}
