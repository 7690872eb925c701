package io.ordo.client.http.exception;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The base of every failure of an Ordo call (unchecked, as in the seed): a problem response of the
 * API (one subclass per problem {@code code}) or {@link ConnectionFailedException} when no answer
 * came. The message is the problem's {@code detail}. A blocking call throws it with the caller's
 * own stack trace.
 */
public class TaskControlException extends RuntimeException {
  private final String code;
  private final int status;
  private final Map<String, Object> problem;

  /**
   * A failure with a problem code.
   *
   * @param code the problem's {@code code}, e.g. {@code task_illegal_state}
   * @param status the HTTP status (0 when no answer came)
   * @param detail the problem's {@code detail}: what went wrong, for people
   * @param problem the problem's other members (e.g. {@code errors}); may be empty
   * @param cause the underlying failure, or null
   */
  public TaskControlException(
      String code, int status, String detail, Map<String, Object> problem, Throwable cause) {
    super(detail, cause);
    this.code = code;
    this.status = status;
    this.problem = Collections.unmodifiableMap(new LinkedHashMap<>(problem));
  }

  /** The problem's stable {@code code}, e.g. {@code queue_not_found}. */
  public String code() {
    return code;
  }

  /** The HTTP status of the answer; 0 when no answer came. */
  public int status() {
    return status;
  }

  /** The problem's {@code detail}: the same as {@link #getMessage()}. */
  public String detail() {
    return getMessage();
  }

  /** The problem's members besides type, title, status, detail and code (unmodifiable). */
  public Map<String, Object> problem() {
    return problem;
  }
}
