package io.ordo.client.http.exception;

import java.util.Map;

/** The serial queue still holds messages or a task in progress, so it cannot be removed. */
public class TaskQueueIllegalStateException extends TaskControlException {
  /** The code of this failure. */
  public static final String CODE = "queue_illegal_state";

  /**
   * A {@code queue_illegal_state} problem, answered with HTTP 409.
   *
   * @param detail the problem's detail
   * @param problem the problem's other members
   */
  public TaskQueueIllegalStateException(String detail, Map<String, Object> problem) {
    this(409, detail, problem);
  }

  /**
   * A {@code queue_illegal_state} problem.
   *
   * @param status the HTTP status of the answer (a proxy may answer another than the API's 409)
   * @param detail the problem's detail
   * @param problem the problem's other members
   */
  public TaskQueueIllegalStateException(int status, String detail, Map<String, Object> problem) {
    super(CODE, status, detail, problem, null);
  }
}
