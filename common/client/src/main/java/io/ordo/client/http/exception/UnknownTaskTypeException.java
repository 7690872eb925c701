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
   * A {@code unknown_task_type} problem.
   *
   * @param detail the problem's detail
   * @param problem the problem's other members
   */
  public UnknownTaskTypeException(String detail, Map<String, Object> problem) {
    super(CODE, 400, detail, problem, null);
  }
}
