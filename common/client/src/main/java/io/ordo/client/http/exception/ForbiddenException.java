package io.ordo.client.http.exception;

import java.util.Map;

/** The token's role may not do this (e.g. a submitter managing queues or stopping tasks). */
public class ForbiddenException extends TaskControlException {
  /** The code of this failure. */
  public static final String CODE = "forbidden";

  /**
   * A {@code forbidden} problem, answered with HTTP 403.
   *
   * @param detail the problem's detail
   * @param problem the problem's other members
   */
  public ForbiddenException(String detail, Map<String, Object> problem) {
    this(403, detail, problem);
  }

  /**
   * A {@code forbidden} problem.
   *
   * @param status the HTTP status of the answer (a proxy may answer another than the API's 403)
   * @param detail the problem's detail
   * @param problem the problem's other members
   */
  public ForbiddenException(int status, String detail, Map<String, Object> problem) {
    super(CODE, status, detail, problem, null);
  }
}
