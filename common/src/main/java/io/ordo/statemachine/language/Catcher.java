package io.ordo.statemachine.language;

import java.util.List;

/**
 * One entry of a state's {@code Catch} field: where to go when an error was not (or no longer)
 * retried.
 *
 * @param errorEquals the error names it handles (see {@link StatesError#matches})
 * @param next the state to go to
 * @param resultPath where the error output {@code {"Error": ..., "Cause": ...}} goes in the state's
 *     raw input; see {@link StateIo#catcherOutput}
 */
public record Catcher(List<String> errorEquals, String next, ResultPath resultPath) {

  /** Keeps an immutable copy of the error names. */
  public Catcher {
    errorEquals = List.copyOf(errorEquals);
  }

  /** Whether this catcher handles an error. */
  public boolean matches(String error) {
    return errorEquals.stream().anyMatch(name -> StatesError.matches(name, error));
  }
}
