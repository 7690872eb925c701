package io.ordo.statemachine.language;

import java.util.Optional;
import java.util.OptionalInt;

/**
 * A {@code Task} state: runs one task of the type its Resource names, with the state's effective
 * input as the task's parameter and the task's result as the state's result.
 *
 * @param name the state's name
 * @param comment its Comment
 * @param io its input and output processing
 * @param next the state to go to after it, or empty if it ends its scope ({@code End: true})
 * @param resource the Resource as written
 * @param resourceName the task type name the Resource names
 * @param timeoutSeconds how long one run may take, if limited
 * @param timeoutSecondsPath a reference path to that limit in the effective input, if given so
 * @param heartbeatSeconds the longest allowed gap between heartbeats, if limited
 * @param heartbeatSecondsPath a reference path to that limit in the effective input, if given so
 * @param errorHandling its Retry and Catch
 */
public record TaskState(
    String name,
    Optional<String> comment,
    IoFields io,
    Optional<String> next,
    String resource,
    ResourceName resourceName,
    OptionalInt timeoutSeconds,
    Optional<JsonPath> timeoutSecondsPath,
    OptionalInt heartbeatSeconds,
    Optional<JsonPath> heartbeatSecondsPath,
    ErrorHandling errorHandling)
    implements State {

  @Override
  public StateType type() {
    return StateType.TASK;
  }
}
