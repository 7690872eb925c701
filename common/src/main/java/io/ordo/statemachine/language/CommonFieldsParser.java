package io.ordo.statemachine.language;

import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;

/** Builds the parts several state types share: input/output fields, Retry and Catch. */
final class CommonFieldsParser {

  private CommonFieldsParser() {}

  static IoFields io(JsonObject json, StateType type) {
    // A Map's Parameters is its ItemSelector, applied to each item, not to the state's input.
    boolean parametersAreInput = type != StateType.MAP;
    return new IoFields(
        json.containsKey("InputPath")
            ? FilterPath.of(json.getString("InputPath"))
            : FilterPath.ROOT,
        parametersAreInput ? template(json, "Parameters") : Optional.empty(),
        template(json, "ResultSelector"),
        resultPath(json),
        json.containsKey("OutputPath")
            ? FilterPath.of(json.getString("OutputPath"))
            : FilterPath.ROOT);
  }

  static ErrorHandling errorHandling(JsonObject json) {
    List<Retrier> retriers = new ArrayList<>();
    for (JsonObject retrier : objects(json.getJsonArray("Retry"))) {
      retriers.add(retrier(retrier));
    }
    List<Catcher> catchers = new ArrayList<>();
    for (JsonObject catcher : objects(json.getJsonArray("Catch"))) {
      catchers.add(
          new Catcher(errorNames(catcher), catcher.getString("Next"), resultPath(catcher)));
    }
    return new ErrorHandling(new RetryPolicy(retriers), catchers);
  }

  private static Retrier retrier(JsonObject json) {
    return new Retrier(
        errorNames(json),
        json.getInteger("IntervalSeconds", Retrier.DEFAULT_INTERVAL_SECONDS),
        json.getInteger("MaxAttempts", Retrier.DEFAULT_MAX_ATTEMPTS),
        json.getNumber("BackoffRate", Retrier.DEFAULT_BACKOFF_RATE).doubleValue(),
        json.containsKey("MaxDelaySeconds")
            ? OptionalInt.of(json.getInteger("MaxDelaySeconds"))
            : OptionalInt.empty(),
        JitterStrategy.valueOf(json.getString("JitterStrategy", JitterStrategy.NONE.name())));
  }

  private static ResultPath resultPath(JsonObject json) {
    return json.containsKey("ResultPath")
        ? ResultPath.of(json.getString("ResultPath"))
        : ResultPath.ROOT;
  }

  private static Optional<PayloadTemplate> template(JsonObject json, String field) {
    return Optional.ofNullable(json.getJsonObject(field)).map(PayloadTemplate::of);
  }

  private static List<String> errorNames(JsonObject json) {
    return json.getJsonArray("ErrorEquals").stream().map(String.class::cast).toList();
  }

  private static List<JsonObject> objects(JsonArray array) {
    if (array == null) {
      return List.of();
    }
    return array.stream().map(JsonObject.class::cast).toList();
  }
}
