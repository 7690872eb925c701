package io.ordo.client.http.exception;

import java.util.Map;

/** Only a finished task can be re-run; this one still waits or runs. */
public class TaskNotFinishedException extends TaskControlException {
  /** The code of this failure. */
  public static final String CODE = "task_not_finished";

  /**
   * A {@code task_not_finished} problem, answered with HTTP 409.
   *
   * @param detail the problem's detail
   * @param problem the problem's other members ({@code messageId}, {@code state})
   */
  public TaskNotFinishedException(String detail, Map<String, Object> problem) {
    this(409, detail, problem);
  }

  /**
   * A {@code task_not_finished} problem.
   *
   * @param status the HTTP status of the answer (a proxy may answer another than the API's 409)
   * @param detail the problem's detail
   * @param problem the problem's other members ({@code messageId}, {@code state})
   */
  public TaskNotFinishedException(int status, String detail, Map<String, Object> problem) {
    super(CODE, status, detail, problem, null);
  }
}
