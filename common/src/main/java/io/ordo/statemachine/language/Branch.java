package io.ordo.statemachine.language;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * A self-contained scope of states inside a state: a Parallel state's branch or a Map state's item
 * processor.
 *
 * @param comment its Comment
 * @param startAt the state it starts with
 * @param states its states by name, in definition order
 */
public record Branch(Optional<String> comment, String startAt, Map<String, State> states)
    implements StateScope {

  /** Keeps an immutable copy of the states, in their order. */
  public Branch {
    states = Collections.unmodifiableMap(new LinkedHashMap<>(states));
  }
}
