package io.ordo.statemachine.language;

import java.util.Optional;

/**
 * A {@code Succeed} state: ends its scope (the execution, a branch or a Map run) successfully, with
 * its input, filtered by InputPath and OutputPath, as the output.
 *
 * @param name the state's name
 * @param comment its Comment
 * @param io its input and output processing (only InputPath and OutputPath)
 */
public record SucceedState(String name, Optional<String> comment, IoFields io) implements State {

  @Override
  public StateType type() {
    return StateType.SUCCEED;
  }
}
