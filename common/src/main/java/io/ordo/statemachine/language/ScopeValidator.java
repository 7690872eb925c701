package io.ordo.statemachine.language;

import io.vertx.core.json.JsonObject;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Validates a scope of states (the whole machine, a Parallel branch, a Map item processor): its own
 * fields, each state, that every transition stays in the scope and lands on a state, that every
 * state is reachable from StartAt, and that some state ends a run (an End, a Succeed or a Fail).
 */
final class ScopeValidator {

  /** The longest state name Step Functions accepts. */
  static final int MAX_NAME_LENGTH = 80;

  private static final Set<String> TOP_LEVEL_FIELDS =
      Set.of("Comment", "StartAt", "States", "TimeoutSeconds", "Version", "QueryLanguage");
  private static final Set<String> BRANCH_FIELDS = Set.of("Comment", "StartAt", "States");
  private static final Set<String> PROCESSOR_FIELDS =
      Set.of("Comment", "StartAt", "States", "ProcessorConfig");

  /** The kinds of scope, which differ only in the fields they allow. */
  enum Kind {
    TOP_LEVEL(TOP_LEVEL_FIELDS),
    BRANCH(BRANCH_FIELDS),
    ITEM_PROCESSOR(PROCESSOR_FIELDS);

    private final Set<String> fields;

    Kind(Set<String> fields) {
      this.fields = fields;
    }
  }

  private final ScopeIndex index;
  private final Problems problems;
  private final StateValidator states;

  ScopeValidator(ScopeIndex index, ResourceResolver resolver, Problems problems) {
    this.index = index;
    this.problems = problems;
    this.states = new StateValidator(this, resolver, problems);
  }

  void validate(JsonObject scope, Location at, Kind kind) {
    FieldReader fields = new FieldReader(scope, at, problems);
    fields.allowOnly(kind.fields, name -> null);
    fields.string("Comment");
    if (kind == Kind.TOP_LEVEL) {
      fields.integer("TimeoutSeconds", 1);
      fields.string("Version");
      QueryLanguage.check(fields);
    }
    if (kind == Kind.ITEM_PROCESSOR) {
      MapChecks.processorConfig(fields);
    }
    Map<String, List<Edge>> edges = validateStates(fields);
    String startAt = fields.requiredString("StartAt").orElse(null);
    if (startAt != null && edges != null) {
      boolean startsHere = edges.containsKey(startAt);
      if (!startsHere) {
        checkTarget(new Edge(startAt, fields.at("StartAt")), edges.keySet(), at);
      }
      for (List<Edge> outgoing : edges.values()) {
        for (Edge edge : outgoing) {
          if (edge.at() != null) {
            checkTarget(edge, edges.keySet(), at);
          }
        }
      }
      if (startsHere) {
        Set<String> reached = reportUnreachable(startAt, edges, fields.at("States"));
        reportNoEnd(reached, edges, fields.object().getJsonObject("States"), fields.at("States"));
      }
    }
  }

  /** Validates each state; returns each state's transitions, or null if States is unusable. */
  private Map<String, List<Edge>> validateStates(FieldReader fields) {
    if (!fields.require("States")) {
      return null;
    }
    JsonObject statesJson = fields.jsonObject("States").orElse(null);
    if (statesJson == null) {
      return null;
    }
    if (statesJson.isEmpty()) {
      fields.report("States", "States must contain at least one state");
      return null;
    }
    Location statesAt = fields.at("States");
    Map<String, List<Edge>> edges = new LinkedHashMap<>();
    for (String name : statesJson.fieldNames()) {
      Location stateAt = statesAt.field(name);
      checkName(name, stateAt);
      edges.put(name, states.validate(statesJson.getValue(name), stateAt));
    }
    return edges;
  }

  private void checkName(String name, Location stateAt) {
    if (name.isEmpty() || name.length() > MAX_NAME_LENGTH) {
      problems.add(
          stateAt,
          "a state name must have 1 to " + MAX_NAME_LENGTH + " characters, not " + name.length());
    }
    List<ScopeIndex.Placement> placements = index.placements(name);
    Location first = placements.isEmpty() ? stateAt : placements.get(0).state();
    if (!first.equals(stateAt)) {
      problems.add(
          stateAt,
          "state name '"
              + name
              + "' is already used at "
              + first
              + "; names must be unique in the whole state machine");
    }
  }

  private void checkTarget(Edge edge, Set<String> here, Location scope) {
    if (here.contains(edge.target())) {
      return;
    }
    List<ScopeIndex.Placement> elsewhere = index.placements(edge.target());
    if (elsewhere.isEmpty()) {
      problems.add(edge.at(), "no state is named '" + edge.target() + "'");
    } else {
      problems.add(
          edge.at(),
          "'"
              + edge.target()
              + "' crosses a branch boundary: it is a state of "
              + ScopeIndex.describe(elsewhere.get(0).scope())
              + ", not of "
              + ScopeIndex.describe(scope));
    }
  }

  /** The states reached from StartAt; the others are reported. */
  private Set<String> reportUnreachable(
      String startAt, Map<String, List<Edge>> edges, Location statesAt) {
    Set<String> reached = new HashSet<>();
    Deque<String> pending = new ArrayDeque<>(List.of(startAt));
    while (!pending.isEmpty()) {
      String name = pending.pop();
      if (reached.add(name)) {
        for (Edge edge : edges.getOrDefault(name, List.of())) {
          pending.push(edge.target());
        }
      }
    }
    List<String> unreachable = new ArrayList<>(edges.keySet());
    unreachable.removeAll(reached);
    for (String name : unreachable) {
      problems.add(
          statesAt.field(name),
          "state '" + name + "' is not reachable from StartAt '" + startAt + "'");
    }
    return reached;
  }

  /**
   * Reports a scope none of whose reachable states ends a run: every run of it would loop until it
   * is stopped. An end is a state with End: true, a Succeed or Fail state, or a Choice without
   * Default (which fails with States.NoChoiceMatched when no rule matches). As on Step Functions
   * (its MISSING_END_STATE), the check is for the scope, not for each state: a loop that runs until
   * the execution is stopped is legal in a machine that can also end.
   */
  private void reportNoEnd(
      Set<String> reached, Map<String, List<Edge>> edges, JsonObject states, Location statesAt) {
    for (String name : reached) {
      boolean ends = !(states.getValue(name) instanceof JsonObject json) || isEnd(json);
      // a transition to an unknown state was reported already: count it as a way out
      boolean leavesTheScope =
          edges.getOrDefault(name, List.of()).stream()
              .anyMatch(edge -> !edges.containsKey(edge.target()));
      if (ends || leavesTheScope) {
        return;
      }
    }
    if (!reached.isEmpty()) {
      problems.add(
          statesAt,
          "no state ends a run: none has End: true or is a Succeed or Fail state (or a Choice"
              + " without Default), so every run would loop until it is stopped");
    }
  }

  // Any state without a Next ends its run: End: true, Succeed, Fail, or one missing Next (reported
  // already); a Choice does unless it has a Default.
  private static boolean isEnd(JsonObject state) {
    if ("Choice".equals(state.getValue("Type"))) {
      return !state.containsKey("Default");
    }
    return !(state.getValue("Next") instanceof String);
  }
}
