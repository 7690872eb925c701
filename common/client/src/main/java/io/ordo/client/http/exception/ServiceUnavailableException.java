package io.ordo.client.http.exception;

import java.util.Map;

/**
 * The server could not serve the call now (e.g. its database is out of reach); idempotent calls are
 * retried before this is thrown.
 */
public class ServiceUnavailableException extends TaskControlException {
  /** The code of this failure. */
  public static final String CODE = "unavailable";

  /**
   * A {@code unavailable} problem, answered with HTTP 503.
   *
   * @param detail the problem's detail
   * @param problem the problem's other members
   */
  public ServiceUnavailableException(String detail, Map<String, Object> problem) {
    this(503, detail, problem);
  }

  /**
   * A {@code unavailable} problem.
   *
   * @param status the HTTP status of the answer (a proxy may answer another than the API's 503)
   * @param detail the problem's detail
   * @param problem the problem's other members
   */
  public ServiceUnavailableException(int status, String detail, Map<String, Object> problem) {
    super(CODE, status, detail, problem, null);
  }
}
