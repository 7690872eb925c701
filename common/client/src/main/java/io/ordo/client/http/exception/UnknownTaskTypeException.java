package io.ordo.client.http.exception;

import java.util.Map;

/**
 * The message names a task type no runner of the farm knows (by class name or alias); nothing was
 * stored.
 */
public class UnknownTaskTypeException extends TaskControlException {
  /** The code of this failure. */
  public static final String CODE = "unknown_task_type";

  /**
   * A {@code unknown_task_type} problem, answered with HTTP 400.
   *
   * @param detail the problem's detail
   * @param problem the problem's other members
   */
  public UnknownTaskTypeException(String detail, Map<String, Object> problem) {
    this(400, detail, problem);
  }

  /**
   * A {@code unknown_task_type} problem.
   *
   * @param status the HTTP status of the answer (a proxy may answer another than the API's 400)
   * @param detail the problem's detail
   * @param problem the problem's other members
   */
  public UnknownTaskTypeException(int status, String detail, Map<String, Object> problem) {
    super(CODE, status, detail, problem, null);
  }
}
