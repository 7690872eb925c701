package io.ordo.statemachine.language;

import io.vertx.core.json.JsonObject;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;

/**
 * A parsed, valid state machine: the top-level scope of states and the execution's own timeout.
 *
 * @param comment its Comment
 * @param startAt the state executions start with
 * @param states its top-level states by name, in definition order
 * @param timeoutSeconds how long an execution may run, if limited
 */
public record StateMachineDefinition(
    Optional<String> comment, String startAt, Map<String, State> states, OptionalInt timeoutSeconds)
    implements StateScope {

  /** Keeps an immutable copy of the states, in their order. */
  public StateMachineDefinition {
    states = Collections.unmodifiableMap(new LinkedHashMap<>(states));
  }

  /**
   * Parses a definition, checking its structure but accepting any well-formed Resource: for reading
   * definitions that were validated against the registered task types when saved.
   *
   * @throws InvalidDefinitionException listing every problem, if the definition is invalid
   */
  public static StateMachineDefinition parse(JsonObject definition) {
    return parse(definition, ResourceResolver.anyName());
  }

  /**
   * Validates a definition with {@link DefinitionValidator} and parses it.
   *
   * @param resolver tells which task types exist, for Task states' Resource
   * @throws InvalidDefinitionException listing every problem, if the definition is invalid
   */
  public static StateMachineDefinition parse(JsonObject definition, ResourceResolver resolver) {
    List<ValidationError> errors = DefinitionValidator.validate(definition, resolver);
    if (!errors.isEmpty()) {
      throw new InvalidDefinitionException(errors);
    }
    return new StateMachineDefinition(
        Optional.ofNullable(definition.getString("Comment")),
        definition.getString("StartAt"),
        StateParser.states(definition.getJsonObject("States")),
        definition.containsKey("TimeoutSeconds")
            ? OptionalInt.of(definition.getInteger("TimeoutSeconds"))
            : OptionalInt.empty());
  }
}
