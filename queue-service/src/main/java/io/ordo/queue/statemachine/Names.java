package io.ordo.queue.statemachine;

import io.ordo.history.HistoryEventType;
import io.ordo.statemachine.language.ErrorHandling;
import io.ordo.statemachine.language.MapState;
import io.ordo.statemachine.language.ParallelState;
import io.ordo.statemachine.language.PassState;
import io.ordo.statemachine.language.State;
import io.ordo.statemachine.language.TaskState;
import io.ordo.statemachine.language.WaitState;
import java.util.Optional;

/**
 * What the decider reads off any state alike: its Step Functions event names ({@code
 * TaskStateEntered}, {@code WaitStateAborted}, …), its Next and its Retry and Catch.
 */
final class Names {
  private Names() {}

  static HistoryEventType entered(State state) {
    return event(state, "Entered");
  }

  static HistoryEventType exited(State state) {
    return event(state, "Exited");
  }

  static HistoryEventType aborted(State state) {
    return event(state, "Aborted");
  }

  static HistoryEventType executionEnded(ExecutionStatus status) {
    return switch (status) {
      case SUCCEEDED -> HistoryEventType.ExecutionSucceeded;
      case FAILED -> HistoryEventType.ExecutionFailed;
      case TIMED_OUT -> HistoryEventType.ExecutionTimedOut;
      case ABORTED -> HistoryEventType.ExecutionAborted;
      case RUNNING -> throw new IllegalArgumentException("a running execution has not ended");
    };
  }

  /** The state to go to after this one, if it names one. */
  static Optional<String> next(State state) {
    if (state instanceof TaskState task) {
      return task.next();
    }
    if (state instanceof ParallelState parallel) {
      return parallel.next();
    }
    if (state instanceof MapState map) {
      return map.next();
    }
    if (state instanceof PassState pass) {
      return pass.next();
    }
    if (state instanceof WaitState wait) {
      return wait.next();
    }
    return Optional.empty();
  }

  /** The state's Retry and Catch (none for states that have neither). */
  static ErrorHandling errorHandling(State state) {
    if (state instanceof TaskState task) {
      return task.errorHandling();
    }
    if (state instanceof ParallelState parallel) {
      return parallel.errorHandling();
    }
    if (state instanceof MapState map) {
      return map.errorHandling();
    }
    return ErrorHandling.NONE;
  }

  private static HistoryEventType event(State state, String suffix) {
    return HistoryEventType.valueOf(state.type().typeName() + "State" + suffix);
  }
}
