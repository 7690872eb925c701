package io.ordo.statemachine.language;

import io.vertx.core.json.JsonObject;
import java.util.Optional;

/**
 * A {@code Fail} state: ends its scope with an error. In a Parallel branch or a Map run, that fails
 * the enclosing state; at the top level, the execution.
 *
 * @param name the state's name
 * @param comment its Comment
 * @param error the fixed {@code Error} name, if given
 * @param cause the fixed {@code Cause}, if given
 * @param errorPath {@code ErrorPath}, if given: a path to the error name in the state's input or
 *     the context object, or an intrinsic function call such as {@code States.Format('{}',
 *     $.Error)}
 * @param causePath {@code CausePath}, if given, of the same kinds
 */
public record FailState(
    String name,
    Optional<String> comment,
    Optional<String> error,
    Optional<String> cause,
    Optional<String> errorPath,
    Optional<String> causePath)
    implements State {

  @Override
  public StateType type() {
    return StateType.FAIL;
  }

  /** A Fail state has no input or output processing. */
  @Override
  public IoFields io() {
    return IoFields.DEFAULT;
  }

  /**
   * The error name this state fails with for an input.
   *
   * @throws StatesException {@code States.Runtime} if ErrorPath matches nothing or no string,
   *     {@code States.IntrinsicFailure} if its function fails
   */
  public Optional<String> errorFor(Object input, JsonObject context) {
    return error.isPresent() ? error : errorPath.map(path -> text(path, input, context));
  }

  /**
   * The cause this state fails with for an input.
   *
   * @throws StatesException {@code States.Runtime} if CausePath matches nothing or no string,
   *     {@code States.IntrinsicFailure} if its function fails
   */
  public Optional<String> causeFor(Object input, JsonObject context) {
    return cause.isPresent() ? cause : causePath.map(path -> text(path, input, context));
  }

  private static String text(String path, Object input, JsonObject context) {
    Object value;
    try {
      value = Expression.parse(path).evaluate(input, context);
    } catch (PathFailure missing) {
      throw new StatesException(StatesError.RUNTIME, missing.getMessage());
    }
    if (!(value instanceof String text)) {
      throw new StatesException(
          StatesError.RUNTIME,
          "'" + path + "' must give a string, not " + JsonValues.abbreviate(value));
    }
    return text;
  }
}
