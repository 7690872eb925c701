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

  @Override
  public String toString() {
    return path + ": " + message;
  }
}
