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
   * A {@code task_illegal_state} problem, answered with HTTP 409.
   *
   * @param detail the problem's detail
   * @param problem the problem's other members
   */
  public TaskIllegalStateException(String detail, Map<String, Object> problem) {
    this(409, detail, problem);
  }

  /**
   * A {@code task_illegal_state} problem.
   *
   * @param status the HTTP status of the answer (a proxy may answer another than the API's 409)
   * @param detail the problem's detail
   * @param problem the problem's other members
   */
  public TaskIllegalStateException(int status, String detail, Map<String, Object> problem) {
    super(CODE, status, detail, problem, null);
  }
}
