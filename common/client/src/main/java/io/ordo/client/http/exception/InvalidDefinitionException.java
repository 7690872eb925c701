package io.ordo.client.http.exception;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;

/** A state machine definition was refused; {@link #errors()} lists every problem. */
public class InvalidDefinitionException extends TaskControlException {
  /** The code of this failure. */
  public static final String CODE = "invalid_definition";

  /**
   * One problem of a definition.
   *
   * @param path where in the definition, as a JSON path (e.g. {@code $.States.Add.Next})
   * @param message what is wrong there
   */
  public record DefinitionError(String path, String message) {}

  /**
   * An {@code invalid_definition} problem, answered with HTTP 400.
   *
   * @param detail the problem's detail
   * @param problem the problem's other members, with {@code errors}
   */
  public InvalidDefinitionException(String detail, Map<String, Object> problem) {
    this(400, detail, problem);
  }

  /**
   * An {@code invalid_definition} problem.
   *
   * @param status the HTTP status of the answer (a proxy may answer another than the API's 400)
   * @param detail the problem's detail
   * @param problem the problem's other members, with {@code errors}
   */
  public InvalidDefinitionException(int status, String detail, Map<String, Object> problem) {
    super(CODE, status, detail, problem, null);
  }

  /** Every problem the server found, with its path. */
  public List<DefinitionError> errors() {
    List<DefinitionError> errors = new ArrayList<>();
    if (problem().get("errors") instanceof List<?> list) {
      for (Object item : list) {
        if (item instanceof Map<?, ?> error) {
          errors.add(
              new DefinitionError(
                  String.valueOf(error.get("path")), String.valueOf(error.get("message"))));
        }
      }
    }
    return Collections.unmodifiableList(errors);
  }
}
