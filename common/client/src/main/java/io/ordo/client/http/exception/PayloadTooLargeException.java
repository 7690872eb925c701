package io.ordo.client.http.exception;

import java.util.Map;

/** The request body (usually the parameter) is over the server's size limit. */
public class PayloadTooLargeException extends TaskControlException {
  /** The code of this failure. */
  public static final String CODE = "payload_too_large";

  /**
   * A {@code payload_too_large} problem, answered with HTTP 413.
   *
   * @param detail the problem's detail
   * @param problem the problem's other members
   */
  public PayloadTooLargeException(String detail, Map<String, Object> problem) {
    this(413, detail, problem);
  }

  /**
   * A {@code payload_too_large} problem.
   *
   * @param status the HTTP status of the answer (a proxy may answer another than the API's 413)
   * @param detail the problem's detail
   * @param problem the problem's other members
   */
  public PayloadTooLargeException(int status, String detail, Map<String, Object> problem) {
    super(CODE, status, detail, problem, null);
  }
}
