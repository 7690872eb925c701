package io.ordo.statemachine.language;

import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;

/**
 * Builds the {@link State} records of a definition that {@link DefinitionValidator} has accepted,
 * so it trusts the structure and only supplies defaults.
 */
final class StateParser {

  private StateParser() {}

  static Map<String, State> states(JsonObject json) {
    Map<String, State> states = new LinkedHashMap<>();
    for (String name : json.fieldNames()) {
      states.put(name, state(name, json.getJsonObject(name)));
    }
    return states;
  }

  static Branch branch(JsonObject json) {
    return new Branch(
        Optional.ofNullable(json.getString("Comment")),
        json.getString("StartAt"),
        states(json.getJsonObject("States")));
  }

  private static State state(String name, JsonObject json) {
    StateType type = StateType.forName(json.getString("Type")).orElseThrow();
    Optional<String> comment = Optional.ofNullable(json.getString("Comment"));
    IoFields io = CommonFieldsParser.io(json, type);
    Optional<String> next = Optional.ofNullable(json.getString("Next"));
    return switch (type) {
      case TASK -> task(name, comment, io, next, json);
      case PARALLEL ->
          new ParallelState(
              name,
              comment,
              io,
              next,
              json.getJsonArray("Branches").stream().map(b -> branch((JsonObject) b)).toList(),
              CommonFieldsParser.errorHandling(json));
      case MAP -> map(name, comment, io, next, json);
      case PASS ->
          new PassState(
              name, comment, io, next, json.containsKey("Result"), json.getValue("Result"));
      case WAIT -> new WaitState(name, comment, io, next, waitFor(json));
      case CHOICE ->
          new ChoiceState(
              name,
              comment,
              io,
              choices(json.getJsonArray("Choices")),
              Optional.ofNullable(json.getString("Default")));
      case SUCCEED -> new SucceedState(name, comment, io);
      case FAIL ->
          new FailState(
              name,
              comment,
              Optional.ofNullable(json.getString("Error")),
              Optional.ofNullable(json.getString("Cause")),
              Optional.ofNullable(json.getString("ErrorPath")),
              Optional.ofNullable(json.getString("CausePath")));
    };
  }

  private static TaskState task(
      String name, Optional<String> comment, IoFields io, Optional<String> next, JsonObject json) {
    String resource = json.getString("Resource");
    return new TaskState(
        name,
        comment,
        io,
        next,
        resource,
        ResourceName.parse(resource).orElseThrow(),
        optionalInt(json, "TimeoutSeconds"),
        optionalPath(json, "TimeoutSecondsPath"),
        optionalInt(json, "HeartbeatSeconds"),
        optionalPath(json, "HeartbeatSecondsPath"),
        CommonFieldsParser.errorHandling(json));
  }

  private static MapState map(
      String name, Optional<String> comment, IoFields io, Optional<String> next, JsonObject json) {
    JsonObject processor =
        json.containsKey("ItemProcessor")
            ? json.getJsonObject("ItemProcessor")
            : json.getJsonObject("Iterator");
    JsonObject selector =
        json.containsKey("ItemSelector")
            ? json.getJsonObject("ItemSelector")
            : json.getJsonObject("Parameters");
    return new MapState(
        name,
        comment,
        io,
        next,
        json.containsKey("ItemsPath")
            ? JsonPath.parseReference(json.getString("ItemsPath"))
            : JsonPath.ROOT,
        Optional.ofNullable(selector).map(PayloadTemplate::of),
        branch(processor),
        json.getInteger("MaxConcurrency", 0),
        optionalPath(json, "MaxConcurrencyPath"),
        CommonFieldsParser.errorHandling(json));
  }

  private static WaitFor waitFor(JsonObject json) {
    if (json.containsKey("Seconds")) {
      return new WaitFor.Seconds(json.getLong("Seconds"));
    }
    if (json.containsKey("Timestamp")) {
      Instant timestamp = Timestamps.parse(json.getString("Timestamp")).orElseThrow();
      return new WaitFor.Timestamp(timestamp);
    }
    if (json.containsKey("SecondsPath")) {
      return new WaitFor.SecondsPath(JsonPath.parseReference(json.getString("SecondsPath")));
    }
    return new WaitFor.TimestampPath(JsonPath.parseReference(json.getString("TimestampPath")));
  }

  private static List<Choice> choices(JsonArray json) {
    List<Choice> choices = new ArrayList<>();
    for (Object entry : json) {
      JsonObject rule = (JsonObject) entry;
      choices.add(new Choice(ChoiceRuleParser.rule(rule), rule.getString("Next")));
    }
    return choices;
  }

  private static OptionalInt optionalInt(JsonObject json, String field) {
    return json.containsKey(field) ? OptionalInt.of(json.getInteger(field)) : OptionalInt.empty();
  }

  private static Optional<JsonPath> optionalPath(JsonObject json, String field) {
    return Optional.ofNullable(json.getString(field)).map(JsonPath::parse);
  }
}
