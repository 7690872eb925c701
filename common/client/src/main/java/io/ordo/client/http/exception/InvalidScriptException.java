package io.ordo.client.http.exception;

import java.util.Map;

/**
 * A JavaScript task's script exists but was refused: it does not compile or defines no top-level
 * {@code run}; nothing was stored. {@link #line()} and {@link #column()} say where, when the
 * compiler knows.
 */
public class InvalidScriptException extends TaskControlException {
  /** The code of this failure. */
  public static final String CODE = "invalid_script";

  /**
   * An {@code invalid_script} problem, answered with HTTP 400.
   *
   * @param detail the problem's detail
   * @param problem the problem's other members ({@code jsPath}, {@code line}, {@code column})
   */
  public InvalidScriptException(String detail, Map<String, Object> problem) {
    this(400, detail, problem);
  }

  /**
   * An {@code invalid_script} problem.
   *
   * @param status the HTTP status of the answer (a proxy may answer another than the API's 400)
   * @param detail the problem's detail
   * @param problem the problem's other members ({@code jsPath}, {@code line}, {@code column})
   */
  public InvalidScriptException(int status, String detail, Map<String, Object> problem) {
    super(CODE, status, detail, problem, null);
  }

  /** The script's path, as registered. */
  public String jsPath() {
    return problem().get("jsPath") instanceof String path ? path : null;
  }

  /** The line of the compiler's error (1-based); 0 if it gave none. */
  public int line() {
    return problem().get("line") instanceof Number n ? n.intValue() : 0;
  }

  /** The column of the compiler's error; 0 if it gave none. */
  public int column() {
    return problem().get("column") instanceof Number n ? n.intValue() : 0;
  }
}
