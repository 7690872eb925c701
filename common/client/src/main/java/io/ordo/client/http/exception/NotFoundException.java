package io.ordo.client.http.exception;

import java.util.Map;

/** The state machine or execution does not exist for the tenant. */
public class NotFoundException extends TaskControlException {
  /** The code of this failure. */
  public static final String CODE = "not_found";

  /**
   * A {@code not_found} problem, answered with HTTP 404.
   *
   * @param detail the problem's detail
   * @param problem the problem's other members
   */
  public NotFoundException(String detail, Map<String, Object> problem) {
    this(404, detail, problem);
  }

  /**
   * A {@code not_found} problem.
   *
   * @param status the HTTP status of the answer (a proxy may answer another than the API's 404)
   * @param detail the problem's detail
   * @param problem the problem's other members
   */
  public NotFoundException(int status, String detail, Map<String, Object> problem) {
    super(CODE, status, detail, problem, null);
  }
}
