package io.ordo.statemachine.language;

import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/** Checks a state's Retry and Catch fields; returns the catchers' transitions. */
final class RetryCatchChecks {

  private static final Set<String> RETRIER_FIELDS =
      Set.of(
          "ErrorEquals",
          "IntervalSeconds",
          "MaxAttempts",
          "BackoffRate",
          "MaxDelaySeconds",
          "JitterStrategy",
          "Comment");
  private static final Set<String> CATCHER_FIELDS =
      Set.of("ErrorEquals", "Next", "ResultPath", "Comment");

  // Step Functions' upper bounds.
  private static final int MAX_INTERVAL_SECONDS = 99_999_999;
  private static final int MAX_ATTEMPTS = 99_999_999;
  private static final int MAX_DELAY_SECONDS = 31_622_400;

  private RetryCatchChecks() {}

  static List<Edge> check(FieldReader state) {
    entries(state, "Retry").forEach(RetryCatchChecks::retrier);
    List<Edge> edges = new ArrayList<>();
    for (FieldReader catcher : entries(state, "Catch")) {
      catcher.allowOnly(CATCHER_FIELDS, name -> null);
      catcher.string("Comment");
      PathChecks.resultPath(catcher, "ResultPath");
      catcher
          .requiredString("Next")
          .ifPresent(next -> edges.add(new Edge(next, catcher.at("Next"))));
    }
    return edges;
  }

  private static void retrier(FieldReader retrier) {
    retrier.allowOnly(RETRIER_FIELDS, name -> null);
    retrier.string("Comment");
    atMost(retrier, "IntervalSeconds", 1, MAX_INTERVAL_SECONDS);
    atMost(retrier, "MaxAttempts", 0, MAX_ATTEMPTS);
    atMost(retrier, "MaxDelaySeconds", 1, MAX_DELAY_SECONDS);
    retrier.number("BackoffRate", 1.0);
    retrier
        .string("JitterStrategy")
        .filter(jitter -> !jitter.equals("FULL") && !jitter.equals("NONE"))
        .ifPresent(
            jitter ->
                retrier.report(
                    "JitterStrategy", "JitterStrategy must be FULL or NONE, not '" + jitter + "'"));
  }

  private static void atMost(FieldReader fields, String name, int min, int max) {
    fields
        .integer(name, min)
        .ifPresent(
            value -> {
              if (value > max) {
                fields.report(name, name + " must be at most " + max + ", not " + value);
              }
            });
  }

  /** The entries of a Retry or Catch array, with their ErrorEquals checked. */
  private static List<FieldReader> entries(FieldReader state, String field) {
    List<FieldReader> entries = new ArrayList<>();
    JsonArray array = state.array(field).orElse(null);
    if (array == null) {
      return entries;
    }
    for (int i = 0; i < array.size(); i++) {
      Location at = state.at(field).index(i);
      if (array.getValue(i) instanceof JsonObject entry) {
        FieldReader reader = new FieldReader(entry, at, state.problems());
        errorEquals(reader, i == array.size() - 1, field);
        entries.add(reader);
      } else {
        state
            .problems()
            .add(
                at,
                "an entry of "
                    + field
                    + " must be an object, not "
                    + FieldReader.describe(array.getValue(i)));
      }
    }
    return entries;
  }

  private static void errorEquals(FieldReader entry, boolean last, String field) {
    if (!entry.require("ErrorEquals")) {
      return;
    }
    JsonArray names = entry.array("ErrorEquals").orElse(null);
    if (names == null) {
      return;
    }
    if (names.isEmpty()) {
      entry.report("ErrorEquals", "ErrorEquals must name at least one error");
    }
    for (int i = 0; i < names.size(); i++) {
      Location at = entry.at("ErrorEquals").index(i);
      Object name = names.getValue(i);
      if (!(name instanceof String error)) {
        entry
            .problems()
            .add(at, "an error name must be a string, not " + FieldReader.describe(name));
      } else if (error.equals(StatesError.ALL) && names.size() > 1) {
        entry.problems().add(at, "States.ALL must appear alone in ErrorEquals");
      } else if (error.equals(StatesError.ALL) && !last) {
        entry
            .problems()
            .add(
                at,
                "States.ALL must be in the last "
                    + (field.equals("Retry") ? "retrier" : "catcher"));
      } else if (error.startsWith("States.") && !StatesError.RESERVED.contains(error)) {
        entry
            .problems()
            .add(
                at,
                Spelling.closest(error, StatesError.RESERVED)
                    .map(near -> "unknown error name '" + error + "'; did you mean '" + near + "'?")
                    .orElse(
                        "unknown error name '"
                            + error
                            + "': names starting with States. are reserved"));
      }
    }
  }
}
