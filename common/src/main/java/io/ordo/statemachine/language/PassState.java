package io.ordo.statemachine.language;

import java.util.Optional;

/**
 * A {@code Pass} state: passes its effective input on as its result, or its fixed {@code Result} if
 * it has one. Useful to inject data or reshape it with Parameters and ResultPath.
 *
 * @param name the state's name
 * @param comment its Comment
 * @param io its input and output processing
 * @param next the state to go to after it, or empty if it ends its scope
 * @param hasResult whether the definition sets {@code Result} (possibly to {@code null})
 * @param result the {@code Result}, if {@code hasResult}
 */
public record PassState(
    String name,
    Optional<String> comment,
    IoFields io,
    Optional<String> next,
    boolean hasResult,
    Object result)
    implements State {

  /** Keeps its own copy of the Result. */
  public PassState {
    result = JsonValues.copy(result);
  }

  /** A copy of the Result, so that callers cannot change the definition. */
  @Override
  public Object result() {
    return JsonValues.copy(result);
  }

  /** The state's result: its Result if it has one, otherwise its effective input. */
  public Object resultFor(Object effectiveInput) {
    return hasResult ? result() : effectiveInput;
  }

  @Override
  public StateType type() {
    return StateType.PASS;
  }
}
