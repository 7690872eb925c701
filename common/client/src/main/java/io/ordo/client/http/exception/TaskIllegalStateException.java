package io.ordo.client.http.exception;

import java.util.Map;

/**
 * The message is not in a state the operation needs (e.g. removing one that is running, releasing
 * one that waits).
 */
public class TaskIllegalStateException extends TaskControlException {
  /** The code of this failure. */
  public static final String CODE = "task_illegal_state";

  /**
   * A {@code task_illegal_state} problem.
   *
   * @param detail the problem's detail
   * @param problem the problem's other members
   */
  public TaskIllegalStateException(String detail, Map<String, Object> problem) {
    super(CODE, 409, detail, problem, null);
  }
}
