package io.ordo.statemachine.language;

import java.util.Optional;

/**
 * The input and output processing fields of a state. A state type that does not allow a field (the
 * validator makes sure) has it at its default here, so {@link StateIo} treats every state alike.
 *
 * @param inputPath selects the part of the raw input the state works on
 * @param parameters builds the effective input from that part (Task, Parallel, Pass)
 * @param resultSelector builds the result from the raw result (Task, Parallel, Map)
 * @param resultPath places the result in the raw input (Task, Parallel, Map, Pass)
 * @param outputPath selects the part of that which becomes the state's output
 */
public record IoFields(
    FilterPath inputPath,
    Optional<PayloadTemplate> parameters,
    Optional<PayloadTemplate> resultSelector,
    ResultPath resultPath,
    FilterPath outputPath) {

  /** Every field at its default: the output is the result, which is the input. */
  public static final IoFields DEFAULT =
      new IoFields(
          FilterPath.ROOT, Optional.empty(), Optional.empty(), ResultPath.ROOT, FilterPath.ROOT);
}
