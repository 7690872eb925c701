package io.ordo.client.http.exception;

import java.util.Map;

/**
 * No answer came: the server could not be reached, the connection broke during the call, or the
 * request timed out (after the retries of an idempotent call). The operation may or may not have
 * happened; a registration with an idempotency key can be sent again safely.
 */
public class ConnectionFailedException extends TaskControlException {
  /** The code of this failure (not a problem code of the API: no answer came). */
  public static final String CODE = "connection_failed";

  /**
   * A connection failure.
   *
   * @param detail what failed, with the server's address
   * @param cause the I/O failure
   */
  public ConnectionFailedException(String detail, Throwable cause) {
    super(CODE, 0, detail, Map.of(), cause);
  }
}
