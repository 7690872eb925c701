package io.ordo.statemachine.language;

import io.vertx.core.json.JsonObject;
import java.time.Instant;
import java.util.Optional;

/**
 * A {@code Wait} state: delays the execution until a time, then passes its input on.
 *
 * @param name the state's name
 * @param comment its Comment
 * @param io its input and output processing (only InputPath and OutputPath)
 * @param next the state to go to after it, or empty if it ends its scope
 * @param waitFor what it waits for
 */
public record WaitState(
    String name, Optional<String> comment, IoFields io, Optional<String> next, WaitFor waitFor)
    implements State {

  @Override
  public StateType type() {
    return StateType.WAIT;
  }

  /**
   * When the wait ends; the decider schedules a timer for it.
   *
   * @param effectiveInput the state's input after InputPath
   * @param context the context object
   * @param enteredAt when the state was entered
   * @throws StatesException {@code States.Runtime} if a SecondsPath or TimestampPath fails
   */
  public Instant wakeUpTime(Object effectiveInput, JsonObject context, Instant enteredAt) {
    return waitFor.until(effectiveInput, context, enteredAt);
  }
}
