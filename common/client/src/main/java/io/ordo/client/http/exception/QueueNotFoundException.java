package io.ordo.client.http.exception;

import java.util.Map;

/** The tenant has no serial queue with this id. */
public class QueueNotFoundException extends TaskControlException {
  /** The code of this failure. */
  public static final String CODE = "queue_not_found";

  /**
   * A {@code queue_not_found} problem, answered with HTTP 404.
   *
   * @param detail the problem's detail
   * @param problem the problem's other members
   */
  public QueueNotFoundException(String detail, Map<String, Object> problem) {
    this(404, detail, problem);
  }

  /**
   * A {@code queue_not_found} problem.
   *
   * @param status the HTTP status of the answer (a proxy may answer another than the API's 404)
   * @param detail the problem's detail
   * @param problem the problem's other members
   */
  public QueueNotFoundException(int status, String detail, Map<String, Object> problem) {
    super(CODE, status, detail, problem, null);
  }
}
