package io.ordo.statemachine.language;

/**
 * A problem in a state-machine definition.
 *
 * @param path where it is: a JSON path into the definition, such as {@code $.States.Add.Next} or
 *     {@code $.States.FunWithMath.Branches[1].States.Subtract.Resource}; names that are not plain
 *     identifiers are bracketed, as in {@code $.States['My state'].Next}
 * @param message what is wrong, for a person
 */
public record ValidationError(String path, String message) {
  /**
   * The longest path or message kept: each is cut there, since either may quote what the definition
   * says (a state's name, a path), and a definition may be megabytes.
   */
  static final int MAX_LENGTH = 500;

  public ValidationError {
    path = path == null ? null : JsonValues.shortened(path, MAX_LENGTH);
    message = message == null ? null : JsonValues.shortened(message, MAX_LENGTH);
  }

  @Override
  public String toString() {
    return path + ": " + message;
  }
}
