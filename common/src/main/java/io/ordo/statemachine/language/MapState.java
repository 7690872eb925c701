package io.ordo.statemachine.language;

import java.util.Optional;

/**
 * A {@code Map} state (inline mode): runs its item processor once for each element of an array in
 * its effective input; its result is the array of the runs' outputs, in element order. See {@link
 * MapIteration} for each run's input.
 *
 * @param name the state's name
 * @param comment its Comment
 * @param io its input and output processing; a Map's legacy {@code Parameters} is its {@code
 *     itemSelector}, so {@code io().parameters()} is always empty
 * @param next the state to go to after it, or empty if it ends its scope
 * @param itemsPath the reference path to the array in the effective input ({@code $} by default)
 * @param itemSelector builds each run's input ({@code ItemSelector}, or the legacy {@code
 *     Parameters}); without it a run's input is the element itself
 * @param itemProcessor the states each run goes through ({@code ItemProcessor} or the legacy {@code
 *     Iterator})
 * @param maxConcurrency how many runs at once at most; 0 means no limit
 * @param errorHandling its Retry and Catch
 */
public record MapState(
    String name,
    Optional<String> comment,
    IoFields io,
    Optional<String> next,
    JsonPath itemsPath,
    Optional<PayloadTemplate> itemSelector,
    Branch itemProcessor,
    int maxConcurrency,
    ErrorHandling errorHandling)
    implements State {

  @Override
  public StateType type() {
    return StateType.MAP;
  }
}
