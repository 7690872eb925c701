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

  /**
   * The longest delay a Wait state may ask for, in seconds (about 68 years): Step Functions fails a
   * Wait whose Timestamp or TimestampPath lies further ahead with {@code States.Runtime}, "Wait
   * state delay is too long" (recorded: 24,855 days ahead waits, 24,856 days fails).
   */
  public static final long MAX_DELAY_SECONDS = Integer.MAX_VALUE;

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
   * @throws StatesException {@code States.Runtime} if a SecondsPath or TimestampPath fails, or the
   *     time lies more than {@link #MAX_DELAY_SECONDS} after {@code enteredAt}
   */
  public Instant wakeUpTime(Object effectiveInput, JsonObject context, Instant enteredAt) {
    Instant until = waitFor.until(effectiveInput, context, enteredAt);
    if (until.isAfter(enteredAt.plusSeconds(MAX_DELAY_SECONDS))) {
      throw new StatesException(
          StatesError.RUNTIME,
          "Wait state delay is too long: "
              + until
              + " is more than "
              + MAX_DELAY_SECONDS
              + " seconds after the state was entered ("
              + enteredAt
              + ")");
    }
    return until;
  }
}
