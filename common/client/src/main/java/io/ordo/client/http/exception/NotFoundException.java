package io.ordo.client.http.exception;

import java.util.Map;

/** The state machine or execution does not exist for the tenant. */
public class NotFoundException extends TaskControlException {
  /** The code of this failure. */
  public static final String CODE = "not_found";

  /**
   * A {@code not_found} problem.
   *
   * @param detail the problem's detail
   * @param problem the problem's other members
   */
  public NotFoundException(String detail, Map<String, Object> problem) {
    super(CODE, 404, detail, problem, null);
  }
}
