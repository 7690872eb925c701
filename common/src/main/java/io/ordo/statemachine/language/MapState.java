package io.ordo.statemachine.language;

import io.vertx.core.json.JsonObject;
import java.math.BigDecimal;
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
 * @param maxConcurrencyPath a reference path to that number in the effective input ({@code
 *     MaxConcurrencyPath}), which then replaces {@code maxConcurrency}
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
    Optional<JsonPath> maxConcurrencyPath,
    ErrorHandling errorHandling)
    implements State {

  /**
   * How many runs at once at most for an effective input (0: no limit).
   *
   * @throws StatesException {@code States.Runtime} if MaxConcurrencyPath matches nothing or no
   *     non-negative integer
   */
  public int maxConcurrencyFor(Object effectiveInput, JsonObject context) {
    if (maxConcurrencyPath.isEmpty()) {
      return maxConcurrency;
    }
    JsonPath path = maxConcurrencyPath.get();
    Object value;
    try {
      value = path.resolve(effectiveInput, context);
    } catch (PathFailure missing) {
      throw new StatesException(StatesError.RUNTIME, missing.getMessage());
    }
    if (JsonValues.isIntegral(value)) {
      BigDecimal number = JsonValues.decimal((Number) value);
      if (number.signum() >= 0 && number.compareTo(BigDecimal.valueOf(Integer.MAX_VALUE)) <= 0) {
        return number.intValue();
      }
    }
    throw new StatesException(
        StatesError.RUNTIME,
        "MaxConcurrencyPath '"
            + path
            + "' must select a non-negative integer, not "
            + JsonValues.abbreviate(value));
  }

  @Override
  public StateType type() {
    return StateType.MAP;
  }
}
