package io.ordo.queue.statemachine;

import io.ordo.history.HistoryEventType;
import io.ordo.statemachine.language.Branch;
import io.ordo.statemachine.language.MapIteration;
import io.ordo.statemachine.language.MapState;
import io.ordo.statemachine.language.ParallelState;
import io.ordo.statemachine.language.State;
import io.ordo.statemachine.language.StateIo;
import io.ordo.statemachine.language.StatesException;
import io.ordo.statemachine.language.StepWork;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.util.ArrayList;
import java.util.List;

/**
 * Parallel and Map states: a child run per branch (each on a copy of the effective input) or per
 * item (at most MaxConcurrency at once). When every child has succeeded, the state's result is the
 * array of their outputs in branch or item order. The first child to fail fails the state at once:
 * the other children are aborted (their tasks stopped), then the state's Retry and Catch apply.
 */
final class Branches {
  private final Interpreter interpreter;

  Branches(Interpreter interpreter) {
    this.interpreter = interpreter;
  }

  void startParallel(Run run, ParallelState parallel) {
    Object input;
    try {
      input = StateIo.effectiveInput(parallel, run.input, interpreter.context(run));
    } catch (StatesException e) {
      interpreter.failed(run, e.error(), e.getMessage(), null);
      return;
    }
    List<Branch> branches = parallel.branches();
    interpreter
        .events()
        .add(
            HistoryEventType.ParallelStateStarted,
            new JsonObject().put("name", parallel.name()).put("branches", branches.size()));
    run.awaitChildren(branches.size());
    List<Run> children = new ArrayList<>();
    for (int i = 0; i < branches.size(); i++) {
      Run child = interpreter.state().newRun(run.id, i);
      run.children.add(child.id);
      children.add(child);
    }
    // A branch may end (or fail the state) as soon as it starts: stop once this visit is over.
    int epoch = run.epoch;
    for (int i = 0; i < children.size() && stillWaiting(run, epoch); i++) {
      interpreter.enter(children.get(i), branches.get(i).startAt(), StepWork.copyOf(input));
    }
  }

  void startMap(Run run, MapState map) {
    JsonObject context = interpreter.context(run);
    List<Object> items;
    int maxConcurrency;
    try {
      Object input = StateIo.effectiveInput(map, run.input, context);
      items = MapIteration.itemInputs(map, input, context);
      maxConcurrency = map.maxConcurrencyFor(input, context);
    } catch (StatesException e) {
      interpreter.failed(run, e.error(), e.getMessage(), null);
      return;
    }
    interpreter
        .events()
        .add(
            HistoryEventType.MapStateStarted,
            new JsonObject().put("name", map.name()).put("length", items.size()));
    run.awaitChildren(items.size());
    run.items = new JsonArray(new ArrayList<>(items));
    run.maxConcurrency = maxConcurrency;
    if (items.isEmpty()) {
      complete(run, map);
    } else {
      startItems(run, map);
    }
  }

  /** A child run reached its end: its output takes its place; the last one completes the state. */
  void childSucceeded(Run child, Object output) {
    Run parent = interpreter.state().run(child.parent);
    parent.children.remove(child.id);
    parent.outputs.set(child.index, output);
    parent.remaining--;
    State state = interpreter.stateOf(parent);
    int epoch = parent.epoch;
    if (state instanceof MapState map) {
      interpreter
          .events()
          .add(
              HistoryEventType.MapIterationSucceeded,
              new JsonObject().put("name", map.name()).put("index", child.index));
      startItems(parent, map);
    }
    if (stillWaiting(parent, epoch) && parent.remaining == 0) {
      complete(parent, state);
    }
  }

  /** A child run failed: the state fails with its error, and every other child is aborted. */
  void childFailed(Run child, String error, String cause) {
    Run parent = interpreter.state().run(child.parent);
    parent.children.remove(child.id);
    State state = interpreter.stateOf(parent);
    // A Fail state without Error leaves the error null, and Step Functions passes that on as it is.
    String failedWith = error;
    if (state instanceof MapState) {
      interpreter
          .events()
          .add(
              HistoryEventType.MapIterationFailed,
              new JsonObject()
                  .put("name", state.name())
                  .put("index", child.index)
                  .put("error", failedWith)
                  .put("cause", cause));
    }
    JsonObject failure =
        interpreter
            .events()
            .add(
                state instanceof MapState
                    ? HistoryEventType.MapStateFailed
                    : HistoryEventType.ParallelStateFailed,
                new JsonObject()
                    .put("name", state.name())
                    .put(state instanceof MapState ? "index" : "branch", child.index)
                    .put("error", failedWith)
                    .put("cause", cause));
    abortChildren(parent);
    parent.clearWait();
    interpreter.failed(parent, failedWith, cause, failure);
  }

  /** Aborts the children of a run that waits for them. */
  void abortChildren(Run run) {
    State state = interpreter.stateOf(run);
    for (String id : List.copyOf(run.children)) {
      Run child = interpreter.state().run(id);
      if (child == null) {
        continue;
      }
      interpreter.abort(child);
      if (state instanceof MapState) {
        interpreter
            .events()
            .add(
                HistoryEventType.MapIterationAborted,
                new JsonObject().put("name", state.name()).put("index", child.index));
      }
    }
    run.children.clear();
  }

  /** Starts item runs while the Map's MaxConcurrency (or MaxConcurrencyPath) allows. */
  private void startItems(Run run, MapState map) {
    int epoch = run.epoch;
    int limit = map.maxConcurrencyPath().isPresent() ? run.maxConcurrency : map.maxConcurrency();
    while (stillWaiting(run, epoch)
        && run.nextItem < run.items.size()
        && (limit == 0 || run.children.size() < limit)) {
      int index = run.nextItem++;
      Run child = interpreter.state().newRun(run.id, index);
      run.children.add(child.id);
      interpreter
          .events()
          .add(
              HistoryEventType.MapIterationStarted,
              new JsonObject().put("name", map.name()).put("index", index));
      interpreter.enter(
          child, map.itemProcessor().startAt(), StepWork.copyOf(run.items.getValue(index)));
    }
  }

  /** Every child succeeded: the outputs array is the state's result. */
  private void complete(Run run, State state) {
    JsonArray result = run.outputs.copy();
    run.clearWait();
    interpreter
        .events()
        .add(
            state instanceof MapState
                ? HistoryEventType.MapStateSucceeded
                : HistoryEventType.ParallelStateSucceeded,
            new JsonObject().put("name", state.name()));
    Object out;
    try {
      out = StateIo.output(state, run.input, result, interpreter.context(run));
    } catch (StatesException e) {
      interpreter.failed(run, e.error(), e.getMessage(), null);
      return;
    }
    interpreter.exit(run, state, out);
  }

  /** Whether a run is still in the same visit of its state, waiting for its children. */
  private boolean stillWaiting(Run run, int epoch) {
    return interpreter.running()
        && interpreter.state().isActive(run)
        && run.epoch == epoch
        && run.wait == Run.Wait.CHILDREN;
  }
}
