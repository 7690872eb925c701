package io.ordo.statemachine.language;

import java.util.ArrayList;
import java.util.List;

/** The validation errors found so far; validation carries on after each one. */
final class Problems {

  private final List<ValidationError> errors = new ArrayList<>();

  void add(Location at, String message) {
    errors.add(new ValidationError(at.toString(), message));
  }

  List<ValidationError> list() {
    return List.copyOf(errors);
  }
}
