package io.ordo.statemachine.language;

import java.util.Arrays;
import java.util.EnumMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

/** Which fields each state type allows, following the Step Functions documentation. */
final class StateFields {

  private static final Set<String> COMMON = Set.of("Type", "Comment", "QueryLanguage");
  private static final Set<String> TRANSITION = Set.of("Next", "End");
  private static final Set<String> FILTERS = Set.of("InputPath", "OutputPath");
  private static final Set<String> RESULT = Set.of("ResultSelector", "ResultPath");
  private static final Set<String> ERRORS = Set.of("Retry", "Catch");

  private static final Map<StateType, Set<String>> ALLOWED = new EnumMap<>(StateType.class);

  static {
    ALLOWED.put(
        StateType.TASK,
        union(
            TRANSITION,
            FILTERS,
            RESULT,
            ERRORS,
            Set.of(
                "Parameters",
                "Resource",
                "TimeoutSeconds",
                "TimeoutSecondsPath",
                "HeartbeatSeconds",
                "HeartbeatSecondsPath")));
    ALLOWED.put(
        StateType.PARALLEL,
        union(TRANSITION, FILTERS, RESULT, ERRORS, Set.of("Parameters", "Branches")));
    ALLOWED.put(
        StateType.MAP,
        union(
            TRANSITION,
            FILTERS,
            RESULT,
            ERRORS,
            Set.of(
                "Parameters",
                "ItemSelector",
                "ItemsPath",
                "ItemProcessor",
                "Iterator",
                "MaxConcurrency",
                "MaxConcurrencyPath")));
    ALLOWED.put(
        StateType.PASS, union(TRANSITION, FILTERS, Set.of("Parameters", "Result", "ResultPath")));
    ALLOWED.put(
        StateType.WAIT,
        union(TRANSITION, FILTERS, Set.of("Seconds", "Timestamp", "SecondsPath", "TimestampPath")));
    ALLOWED.put(StateType.CHOICE, union(FILTERS, Set.of("Choices", "Default")));
    ALLOWED.put(StateType.SUCCEED, union(FILTERS));
    ALLOWED.put(StateType.FAIL, Set.of("Error", "Cause", "ErrorPath", "CausePath"));
    ALLOWED.replaceAll((type, fields) -> union(COMMON, fields));
  }

  /** Step Functions features a definition may use that Ordo does not run. */
  private static final Set<String> UNSUPPORTED =
      Set.of(
          "Arguments",
          "Output",
          "Assign",
          "Credentials",
          "Items",
          "ItemReader",
          "ItemBatcher",
          "ResultWriter",
          "Label",
          "ToleratedFailureCount",
          "ToleratedFailureCountPath",
          "ToleratedFailurePercentage",
          "ToleratedFailurePercentagePath");

  private StateFields() {}

  static Set<String> allowed(StateType type) {
    return ALLOWED.get(type);
  }

  static boolean allows(StateType type, String field) {
    return ALLOWED.get(type).contains(field);
  }

  /** Why a field is refused on a state type, or null when it is simply unknown. */
  static String whyNot(StateType type, String field) {
    if (UNSUPPORTED.contains(field)) {
      return "field '" + field + "' is not supported by Ordo";
    }
    boolean elsewhere = ALLOWED.values().stream().anyMatch(fields -> fields.contains(field));
    if (elsewhere) {
      return "field '" + field + "' is not allowed in a " + type.typeName() + " state";
    }
    return null;
  }

  @SafeVarargs
  private static Set<String> union(Set<String>... sets) {
    return Arrays.stream(sets).flatMap(Set::stream).collect(Collectors.toCollection(HashSet::new));
  }
}
