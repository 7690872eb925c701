package io.ordo.statemachine.language;

import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * Validates one state: its Type, which fields it may have, the fields every type shares, Next and
 * End; then hands over to the checks of its type. Returns the state's transitions.
 */
final class StateValidator {

  private static final String TYPE_NAMES =
      Arrays.stream(StateType.values()).map(StateType::typeName).collect(Collectors.joining(", "));

  private final ScopeValidator scopes;
  private final ResourceResolver resolver;
  private final Problems problems;

  StateValidator(ScopeValidator scopes, ResourceResolver resolver, Problems problems) {
    this.scopes = scopes;
    this.resolver = resolver;
    this.problems = problems;
  }

  List<Edge> validate(Object json, Location at) {
    if (!(json instanceof JsonObject state)) {
      problems.add(at, "a state must be an object, not " + FieldReader.describe(json));
      return List.of();
    }
    FieldReader fields = new FieldReader(state, at, problems);
    Optional<StateType> type = type(fields);
    if (type.isEmpty()) {
      return lenientEdges(state);
    }
    fields.allowOnly(
        StateFields.allowed(type.get()), field -> StateFields.whyNot(type.get(), field));
    fields.string("Comment");
    QueryLanguage.check(fields);
    ioFields(fields);
    List<Edge> edges = new ArrayList<>();
    if (!type.get().hasOwnTransitions()) {
      transition(fields).ifPresent(edges::add);
    }
    switch (type.get()) {
      case TASK -> new TaskChecks(fields, resolver).check();
      case PARALLEL -> ParallelChecks.check(fields, scopes);
      case MAP -> MapChecks.check(fields, scopes);
      case WAIT -> WaitChecks.check(fields);
      case CHOICE -> edges.addAll(ChoiceChecks.check(fields));
      case FAIL -> FailChecks.check(fields);
      case PASS, SUCCEED -> {
        // Pass's Result may be any JSON value; Succeed has nothing of its own.
      }
    }
    if (StateFields.allows(type.get(), "Retry")) {
      edges.addAll(RetryCatchChecks.check(fields));
    }
    return edges;
  }

  private Optional<StateType> type(FieldReader fields) {
    Optional<String> typeName = fields.requiredString("Type");
    if (typeName.isEmpty()) {
      return Optional.empty();
    }
    Optional<StateType> type = StateType.forName(typeName.get());
    if (type.isEmpty()) {
      fields.report(
          "Type", "unknown state type '" + typeName.get() + "'; expected one of " + TYPE_NAMES);
    }
    return type;
  }

  private void ioFields(FieldReader fields) {
    PathChecks.path(fields, "InputPath", true);
    PathChecks.path(fields, "OutputPath", true);
    PathChecks.resultPath(fields, "ResultPath");
    PathChecks.template(fields, "Parameters");
    PathChecks.template(fields, "ResultSelector");
  }

  private Optional<Edge> transition(FieldReader fields) {
    Optional<String> next = fields.string("Next");
    Optional<Boolean> endField = fields.bool("End");
    if (fields.has("End") && endField.isEmpty()) {
      // End is of the wrong type, already reported; whether Next is also needed is unclear.
      return next.map(target -> new Edge(target, fields.at("Next")));
    }
    boolean end = endField.orElse(false);
    if (fields.has("Next") && end) {
      problems.add(fields.location(), "a state must not have both Next and End: true");
    } else if (!fields.has("Next") && !end) {
      problems.add(fields.location(), "a state must have either Next or End: true");
    }
    return next.map(target -> new Edge(target, fields.at("Next")));
  }

  // A state whose Type is missing or unknown still leads somewhere; count its transitions for
  // reachability so that one bad Type does not also make its successors "unreachable".
  private static List<Edge> lenientEdges(JsonObject state) {
    List<Edge> edges = new ArrayList<>();
    for (String field : List.of("Next", "Default")) {
      if (state.getValue(field) instanceof String target) {
        edges.add(new Edge(target, null));
      }
    }
    for (String field : List.of("Choices", "Catch")) {
      if (state.getValue(field) instanceof JsonArray entries) {
        for (Object entry : entries) {
          if (entry instanceof JsonObject object && object.getValue("Next") instanceof String t) {
            edges.add(new Edge(t, null));
          }
        }
      }
    }
    return edges;
  }
}
