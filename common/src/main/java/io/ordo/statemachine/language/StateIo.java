package io.ordo.statemachine.language;

import io.vertx.core.json.JsonObject;

/**
 * A state's input and output processing, in Step Functions' order:
 *
 * <ol>
 *   <li>InputPath selects from the raw input ({@code null}: {@code {}});
 *   <li>Parameters builds the effective input, which goes to the task, the branches or the Map
 *       items ({@link #effectiveInput});
 *   <li>the work produces a result;
 *   <li>ResultSelector builds a new result from it;
 *   <li>ResultPath places the result in the <em>raw</em> input ({@code null}: drops it);
 *   <li>OutputPath selects the output from that ({@code null}: {@code {}}) ({@link #output}).
 * </ol>
 *
 * <p>The context object is what {@code $$} paths read: {@code Execution.Id}, {@code
 * Execution.Input}, {@code Execution.StartTime}, {@code State.Name}, {@code State.EnteredTime},
 * {@code StateMachine.Id}, {@code Map.Item.Index}, {@code Map.Item.Value} and whatever else the
 * decider puts in it. Nothing here changes the documents it is given.
 */
public final class StateIo {

  private StateIo() {}

  /**
   * The effective input: the raw input after InputPath and Parameters.
   *
   * @throws StatesException {@code States.Runtime} if InputPath matches nothing; {@code
   *     States.Runtime} or {@code States.IntrinsicFailure} if Parameters fails
   */
  public static Object effectiveInput(State state, Object rawInput, JsonObject context) {
    IoFields io = state.io();
    Object selected = filter(io.inputPath(), rawInput, context, "InputPath");
    if (io.parameters().isPresent()) {
      return io.parameters().get().apply(selected, context);
    }
    return selected;
  }

  /**
   * The state's output for a result: ResultSelector, then ResultPath into the raw input, then
   * OutputPath.
   *
   * @param rawInput the input the state was entered with
   * @param result what the work produced: a task's result, a Parallel's array of branch outputs, a
   *     Map's array of item outputs
   * @throws StatesException {@code States.Runtime} or {@code States.IntrinsicFailure} if
   *     ResultSelector fails, {@code States.ResultPathMatchFailure} if ResultPath does not fit the
   *     raw input, {@code States.Runtime} if OutputPath matches nothing
   */
  public static Object output(State state, Object rawInput, Object result, JsonObject context) {
    IoFields io = state.io();
    Object selected = result;
    if (io.resultSelector().isPresent()) {
      selected = io.resultSelector().get().apply(result, context);
    }
    Object combined = io.resultPath().apply(rawInput, selected);
    return filter(io.outputPath(), combined, context, "OutputPath");
  }

  /**
   * The output of a state that runs nothing: Pass (whose result is its Result or its effective
   * input), Wait, Choice and Succeed (whose result is their effective input).
   *
   * @throws StatesException as {@link #effectiveInput} and {@link #output} do
   */
  public static Object immediateOutput(State state, Object rawInput, JsonObject context) {
    Object effectiveInput = effectiveInput(state, rawInput, context);
    Object result =
        state instanceof PassState pass ? pass.resultFor(effectiveInput) : effectiveInput;
    return output(state, rawInput, result, context);
  }

  /**
   * The input of a catcher's Next state: the raw input with {@code {"Error": ..., "Cause": ...}}
   * placed at the catcher's ResultPath. OutputPath does not apply.
   *
   * @throws StatesException {@code States.ResultPathMatchFailure} if the ResultPath does not fit
   */
  public static Object catcherOutput(Catcher catcher, Object rawInput, String error, String cause) {
    JsonObject errorOutput = new JsonObject().put("Error", error).put("Cause", cause);
    return catcher.resultPath().apply(rawInput, errorOutput);
  }

  private static Object filter(FilterPath path, Object document, JsonObject context, String field) {
    try {
      return path.apply(document, context);
    } catch (PathFailure missing) {
      throw new StatesException(
          StatesError.RUNTIME, "Invalid " + field + " '" + path + "': " + missing.getMessage());
    }
  }
}
