package io.ordo.statemachine.language;

import java.util.Optional;

/**
 * One state of a state machine, as parsed from a valid definition. Use {@code instanceof} on the
 * permitted records to reach a type's own fields.
 */
public sealed interface State
    permits TaskState,
        ParallelState,
        MapState,
        PassState,
        WaitState,
        ChoiceState,
        SucceedState,
        FailState {

  /** The state's name: its key in {@code States}, unique in the whole state machine. */
  String name();

  /** The state's type. */
  StateType type();

  /** The state's {@code Comment}, if any. */
  Optional<String> comment();

  /** The state's input and output processing fields. */
  IoFields io();
}
