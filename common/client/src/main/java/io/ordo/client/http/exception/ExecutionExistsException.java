package io.ordo.client.http.exception;

import java.util.Map;

/**
 * An execution with this name exists with another input (the same input answers that execution).
 */
public class ExecutionExistsException extends TaskControlException {
  /** The code of this failure. */
  public static final String CODE = "execution_exists";

  /**
   * A {@code execution_exists} problem, answered with HTTP 409.
   *
   * @param detail the problem's detail
   * @param problem the problem's other members
   */
  public ExecutionExistsException(String detail, Map<String, Object> problem) {
    this(409, detail, problem);
  }

  /**
   * A {@code execution_exists} problem.
   *
   * @param status the HTTP status of the answer (a proxy may answer another than the API's 409)
   * @param detail the problem's detail
   * @param problem the problem's other members
   */
  public ExecutionExistsException(int status, String detail, Map<String, Object> problem) {
    super(CODE, status, detail, problem, null);
  }
}
