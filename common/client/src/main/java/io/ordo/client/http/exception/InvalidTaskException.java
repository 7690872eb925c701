package io.ordo.client.http.exception;

import java.util.Map;

/**
 * No message with this id is in that queue kind of the tenant (never registered, of another tenant,
 * or already finished).
 */
public class InvalidTaskException extends TaskControlException {
  /** The code of this failure. */
  public static final String CODE = "invalid_task";

  /**
   * A {@code invalid_task} problem, answered with HTTP 404.
   *
   * @param detail the problem's detail
   * @param problem the problem's other members
   */
  public InvalidTaskException(String detail, Map<String, Object> problem) {
    this(404, detail, problem);
  }

  /**
   * A {@code invalid_task} problem.
   *
   * @param status the HTTP status of the answer (a proxy may answer another than the API's 404)
   * @param detail the problem's detail
   * @param problem the problem's other members
   */
  public InvalidTaskException(int status, String detail, Map<String, Object> problem) {
    super(CODE, status, detail, problem, null);
  }
}
