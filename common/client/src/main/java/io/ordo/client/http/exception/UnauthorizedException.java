package io.ordo.client.http.exception;

import java.util.Map;

/** The bearer token is missing, unknown or revoked. */
public class UnauthorizedException extends TaskControlException {
  /** The code of this failure. */
  public static final String CODE = "unauthorized";

  /**
   * A {@code unauthorized} problem, answered with HTTP 401.
   *
   * @param detail the problem's detail
   * @param problem the problem's other members
   */
  public UnauthorizedException(String detail, Map<String, Object> problem) {
    this(401, detail, problem);
  }

  /**
   * A {@code unauthorized} problem.
   *
   * @param status the HTTP status of the answer (a proxy may answer another than the API's 401)
   * @param detail the problem's detail
   * @param problem the problem's other members
   */
  public UnauthorizedException(int status, String detail, Map<String, Object> problem) {
    super(CODE, status, detail, problem, null);
  }
}
