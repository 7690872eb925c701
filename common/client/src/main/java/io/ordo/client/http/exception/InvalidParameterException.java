package io.ordo.client.http.exception;

import java.util.Map;

/** The task's parameter was refused by the server (e.g. nested deeper than its limit). */
public class InvalidParameterException extends TaskControlException {
  /** The code of this failure. */
  public static final String CODE = "invalid_parameter";

  /**
   * A {@code invalid_parameter} problem, answered with HTTP 400.
   *
   * @param detail the problem's detail
   * @param problem the problem's other members
   */
  public InvalidParameterException(String detail, Map<String, Object> problem) {
    this(400, detail, problem);
  }

  /**
   * A {@code invalid_parameter} problem.
   *
   * @param status the HTTP status of the answer (a proxy may answer another than the API's 400)
   * @param detail the problem's detail
   * @param problem the problem's other members
   */
  public InvalidParameterException(int status, String detail, Map<String, Object> problem) {
    super(CODE, status, detail, problem, null);
  }
}
