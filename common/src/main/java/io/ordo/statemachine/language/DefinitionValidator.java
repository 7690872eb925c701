package io.ordo.statemachine.language;

import io.vertx.core.json.JsonObject;
import java.util.List;

/**
 * Checks a state-machine definition before it is stored, and lists every problem found (not just
 * the first), each with the JSON path of where it is.
 *
 * <p>It reports: a definition that is not an object; a missing or wrong StartAt; unknown state
 * types; missing, misspelled, unsupported or misplaced fields and fields of the wrong type; Next,
 * Default, choice and catcher targets that name no state, or a state on the other side of a branch
 * boundary; states with neither Next nor {@code End: true}, or both; states unreachable from their
 * scope's StartAt; duplicate or over-long state names; bad path and expression syntax; Retry and
 * Catch rules ({@code States.ALL} alone and last; bounds of IntervalSeconds, MaxAttempts,
 * BackoffRate, MaxDelaySeconds); timeouts that are not positive integers, or a heartbeat not
 * shorter than the timeout; and Task Resources that name no registered task type.
 */
public final class DefinitionValidator {

  private DefinitionValidator() {}

  /**
   * Validates a definition.
   *
   * @param definition the definition as JSON
   * @param resolver tells which task types exist, for Task states' Resource
   * @return every problem found; empty if the definition is valid
   */
  public static List<ValidationError> validate(JsonObject definition, ResourceResolver resolver) {
    return validateValue(definition, resolver);
  }

  /**
   * Validates a decoded JSON value that should be a definition, such as a request body that may not
   * even be an object.
   *
   * @param definition any JSON value (JsonObject, JsonArray, String, Number, Boolean or null)
   * @param resolver tells which task types exist, for Task states' Resource
   * @return every problem found; empty if the definition is valid
   */
  public static List<ValidationError> validateValue(Object definition, ResourceResolver resolver) {
    Problems problems = new Problems();
    if (definition instanceof JsonObject json) {
      new ScopeValidator(ScopeIndex.of(json), resolver, problems)
          .validate(json, Location.ROOT, ScopeValidator.Kind.TOP_LEVEL);
    } else {
      problems.add(
          Location.ROOT,
          "a state machine definition must be a JSON object, not "
              + FieldReader.describe(definition));
    }
    return problems.list();
  }
}
