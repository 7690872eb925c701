package io.ordo.client.http.exception;

import java.util.Map;

/**
 * The server failed unexpectedly, or answered with a code this client does not know ({@link
 * #code()} tells which).
 */
public class ServerErrorException extends TaskControlException {
  /**
   * A server failure.
   *
   * @param code the problem's code ({@code internal}, or one this client does not know)
   * @param status the HTTP status
   * @param detail the problem's detail
   * @param problem the problem's other members
   */
  public ServerErrorException(String code, int status, String detail, Map<String, Object> problem) {
    super(code, status, detail, problem, null);
  }
}
