package io.ordo.statemachine.language;

import java.util.List;
import java.util.Optional;

/**
 * A {@code Parallel} state: runs every branch on a copy of its effective input; its result is the
 * array of the branches' outputs, in branch order. If one branch fails, the state fails with that
 * branch's error.
 *
 * @param name the state's name
 * @param comment its Comment
 * @param io its input and output processing
 * @param next the state to go to after it, or empty if it ends its scope
 * @param branches the branches, each a self-contained scope of states
 * @param errorHandling its Retry and Catch
 */
public record ParallelState(
    String name,
    Optional<String> comment,
    IoFields io,
    Optional<String> next,
    List<Branch> branches,
    ErrorHandling errorHandling)
    implements State {

  /** Keeps an immutable copy of the branches. */
  public ParallelState {
    branches = List.copyOf(branches);
  }

  @Override
  public StateType type() {
    return StateType.PARALLEL;
  }
}
