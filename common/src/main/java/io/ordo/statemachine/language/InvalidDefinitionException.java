package io.ordo.statemachine.language;

import java.util.List;
import java.util.stream.Collectors;

/** A definition could not be parsed because it is invalid; carries every problem found. */
public class InvalidDefinitionException extends IllegalArgumentException {

  private final List<ValidationError> errors;

  /**
   * @param errors the problems found, at least one
   */
  public InvalidDefinitionException(List<ValidationError> errors) {
    super(
        "invalid state machine definition: "
            + errors.stream().map(ValidationError::toString).collect(Collectors.joining("; ")));
    this.errors = List.copyOf(errors);
  }

  /** The problems found, each with its JSON path in the definition. */
  public List<ValidationError> errors() {
    return errors;
  }
}
