package io.ordo.client.http.exception;

import java.util.Map;

/**
 * The request broke the API's rules (a malformed id, a value out of range); sending it again will
 * not help.
 */
public class InvalidRequestException extends TaskControlException {
  /** The code of this failure. */
  public static final String CODE = "invalid_request";

  /**
   * A {@code invalid_request} problem.
   *
   * @param detail the problem's detail
   * @param problem the problem's other members
   */
  public InvalidRequestException(String detail, Map<String, Object> problem) {
    super(CODE, 400, detail, problem, null);
  }
}
