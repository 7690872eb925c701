package io.ordo.statemachine.language;

import java.util.Map;
import java.util.Optional;

/**
 * A set of states that transitions stay inside: the whole state machine, a Parallel branch or a
 * Map's item processor. Running a scope starts at {@link #startAt()} and ends at a state with
 * {@code End: true}, a Succeed state or a Fail state.
 */
public interface StateScope {

  /** The name of the state the scope starts with. */
  String startAt();

  /** The scope's states by name, in definition order. */
  Map<String, State> states();

  /**
   * A state of this scope.
   *
   * @throws IllegalArgumentException if the scope has no state of that name
   */
  default State state(String name) {
    State state = states().get(name);
    if (state == null) {
      throw new IllegalArgumentException("no state '" + name + "' in this scope");
    }
    return state;
  }

  /** The state the scope starts with. */
  default State startState() {
    return state(startAt());
  }

  /** A state of this scope or of any scope nested in it (state names are unique throughout). */
  default Optional<State> findState(String name) {
    State here = states().get(name);
    if (here != null) {
      return Optional.of(here);
    }
    for (State state : states().values()) {
      Optional<State> nested = Optional.empty();
      if (state instanceof ParallelState parallel) {
        nested =
            parallel.branches().stream()
                .map(branch -> branch.findState(name))
                .flatMap(Optional::stream)
                .findFirst();
      } else if (state instanceof MapState map) {
        nested = map.itemProcessor().findState(name);
      }
      if (nested.isPresent()) {
        return nested;
      }
    }
    return Optional.empty();
  }
}
