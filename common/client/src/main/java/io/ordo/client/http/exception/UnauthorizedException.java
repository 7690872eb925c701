package io.ordo.client.http.exception;

import java.util.Map;

/** The bearer token is missing, unknown or revoked. */
public class UnauthorizedException extends TaskControlException {
  /** The code of this failure. */
  public static final String CODE = "unauthorized";

  /**
   * A {@code unauthorized} problem.
   *
   * @param detail the problem's detail
   * @param problem the problem's other members
   */
  public UnauthorizedException(String detail, Map<String, Object> problem) {
    super(CODE, 401, detail, problem, null);
  }
}
