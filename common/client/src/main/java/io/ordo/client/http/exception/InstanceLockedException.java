package io.ordo.client.http.exception;

import java.time.Duration;
import java.time.Instant;
import java.util.Map;

/**
 * Another holder had the instance lock (e.g. of a state-machine execution) and the server's lock
 * retry policy gave up. Try again after {@link #retryAfter()}.
 */
public class InstanceLockedException extends TaskControlException {
  /** The code of this failure. */
  public static final String CODE = "instance_locked";

  private final Duration retryAfter;

  /**
   * An {@code instance_locked} problem, answered with HTTP 409.
   *
   * @param detail the problem's detail
   * @param problem the problem's other members ({@code instanceId}, {@code ownerId}, {@code
   *     lockExpiry})
   * @param retryAfter the answer's {@code Retry-After}, or null if it had none
   */
  public InstanceLockedException(String detail, Map<String, Object> problem, Duration retryAfter) {
    this(409, detail, problem, retryAfter);
  }

  /**
   * An {@code instance_locked} problem.
   *
   * @param status the HTTP status of the answer (a proxy may answer another than the API's 409)
   * @param detail the problem's detail
   * @param problem the problem's other members ({@code instanceId}, {@code ownerId}, {@code
   *     lockExpiry})
   * @param retryAfter the answer's {@code Retry-After}, or null if it had none
   */
  public InstanceLockedException(
      int status, String detail, Map<String, Object> problem, Duration retryAfter) {
    super(CODE, status, detail, problem, null);
    this.retryAfter = retryAfter;
  }

  /** How long to wait before trying again (the {@code Retry-After} header); null if not given. */
  public Duration retryAfter() {
    return retryAfter;
  }

  /** The locked instance's id (e.g. the execution id); null if not given. */
  public String instanceId() {
    return (String) problem().get("instanceId");
  }

  /** The lock's holder; null if not given. */
  public String ownerId() {
    return (String) problem().get("ownerId");
  }

  /** When the holder's lock lapses unless it is renewed; null if not given. */
  public Instant lockExpiry() {
    Object expiry = problem().get("lockExpiry");
    return expiry == null ? null : Instant.parse(expiry.toString());
  }
}
