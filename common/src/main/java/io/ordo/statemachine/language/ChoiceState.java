package io.ordo.statemachine.language;

import io.vertx.core.json.JsonObject;
import java.util.List;
import java.util.Optional;

/**
 * A {@code Choice} state: goes to the Next of the first choice whose rule holds for its effective
 * input, else to its Default. Its output is its input, filtered by InputPath and OutputPath.
 *
 * @param name the state's name
 * @param comment its Comment
 * @param io its input and output processing (only InputPath and OutputPath)
 * @param choices the choices, tried in order
 * @param defaultState the state to go to when no choice matches, if any
 */
public record ChoiceState(
    String name,
    Optional<String> comment,
    IoFields io,
    List<Choice> choices,
    Optional<String> defaultState)
    implements State {

  /** Keeps an immutable copy of the choices. */
  public ChoiceState {
    choices = List.copyOf(choices);
  }

  @Override
  public StateType type() {
    return StateType.CHOICE;
  }

  /**
   * The state to go to next.
   *
   * @param effectiveInput the state's input after InputPath
   * @param context the context object, for {@code $$} paths
   * @throws StatesException {@code States.NoChoiceMatched} if no choice matches and there is no
   *     Default; {@code States.Runtime} if a rule reads a value that does not exist
   */
  public String nextState(Object effectiveInput, JsonObject context) {
    for (Choice choice : choices) {
      if (choice.rule().matches(effectiveInput, context)) {
        return choice.next();
      }
    }
    return defaultState.orElseThrow(
        () ->
            new StatesException(
                StatesError.NO_CHOICE_MATCHED,
                "No choice of state '" + name + "' matched its input and it has no Default"));
  }
}
