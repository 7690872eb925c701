package io.ordo.queue.statemachine;

import io.ordo.history.HistoryEventType;
import io.ordo.statemachine.language.ChoiceState;
import io.ordo.statemachine.language.FailState;
import io.ordo.statemachine.language.State;
import io.ordo.statemachine.language.StateIo;
import io.ordo.statemachine.language.StatesException;
import io.ordo.statemachine.language.StepWork;
import io.ordo.statemachine.language.WaitState;
import io.vertx.core.json.JsonObject;
import java.time.Instant;

/**
 * The states that run nothing: Pass and Succeed pass their output on at once, Choice picks the next
 * state, Wait sets a durable timer, Fail ends its run with an error. A path that fails in them
 * fails the state (none of them has Retry or Catch, so the run fails).
 */
final class PlainStates {
  private final Interpreter interpreter;

  PlainStates(Interpreter interpreter) {
    this.interpreter = interpreter;
  }

  /** Does the work of a Pass, Succeed, Choice or Wait state just entered. */
  void work(Run run, State state) {
    JsonObject context = interpreter.context(run);
    if (state instanceof WaitState wait) {
      Instant at;
      try {
        at =
            wait.wakeUpTime(
                StateIo.effectiveInput(wait, run.input, context), context, interpreter.now());
      } catch (StatesException e) {
        interpreter.failed(run, e.error(), e.getMessage(), null);
        return;
      }
      run.awaitTimer(Run.Wait.TIMER, at);
    } else if (state instanceof ChoiceState choice) {
      String next;
      Object out;
      try {
        next = choice.nextState(StateIo.effectiveInput(choice, run.input, context), context);
        out = StateIo.immediateOutput(choice, run.input, context);
      } catch (StatesException e) {
        interpreter.failed(run, e.error(), e.getMessage(), null);
        return;
      }
      interpreter
          .events()
          .add(
              HistoryEventType.ChoiceStateExited,
              new JsonObject().put("name", choice.name()).put("output", StepWork.copyOf(out)));
      interpreter.enter(run, next, out);
    } else {
      // Pass and Succeed (which has no Next, so its run ends with the output).
      passOn(run, state);
    }
  }

  /** A Wait state's time has come. */
  void timerFired(Run run, State state) {
    run.clearWait();
    passOn(run, state);
  }

  /**
   * A Fail state ends its run with its error and cause; if its ErrorPath or CausePath fails, the
   * run fails with that failure instead ({@code States.Runtime} for a path that matches nothing).
   */
  void fail(Run run, FailState fail) {
    JsonObject context = interpreter.context(run);
    String error;
    String cause;
    try {
      error = fail.errorFor(run.input, context).orElse(null);
      cause = fail.causeFor(run.input, context).orElse(null);
    } catch (StatesException e) {
      interpreter.failRun(run, e.error(), e.getMessage());
      return;
    }
    interpreter.failRun(run, error, cause);
  }

  private void passOn(Run run, State state) {
    Object out;
    try {
      out = StateIo.immediateOutput(state, run.input, interpreter.context(run));
    } catch (StatesException e) {
      interpreter.failed(run, e.error(), e.getMessage(), null);
      return;
    }
    interpreter.exit(run, state, out);
  }
}
