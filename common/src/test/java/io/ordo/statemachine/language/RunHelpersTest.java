package io.ordo.statemachine.language;

import static io.ordo.statemachine.language.Definitions.json;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.vertx.core.json.JsonObject;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** The helpers the decider calls for Map, Wait and Fail states. */
class RunHelpersTest {

  private static final Instant ENTERED = Instant.parse("2024-01-01T00:00:00Z");

  private static State state(String fields) {
    return StateMachineDefinition.parse(
            json("{\"StartAt\": \"S\", \"States\": {\"S\": {" + fields + "}}}"))
        .startState();
  }

  private static MapState map(String fields) {
    return (MapState)
        state(
            "\"Type\": \"Map\", \"End\": true, \"ItemProcessor\": {\"StartAt\": \"P\","
                + " \"States\": {\"P\": {\"Type\": \"Pass\", \"End\": true}}}"
                + fields);
  }

  @Test
  void mapItems_areTheElementsAtItemsPath() {
    JsonObject input = json("{\"detail\": {\"items\": [{\"id\": 1}, {\"id\": 2}]}}");

    assertEquals(
        List.of(json("{\"id\": 1}"), json("{\"id\": 2}")),
        MapIteration.itemInputs(
            map(", \"ItemsPath\": \"$.detail.items\""), input, new JsonObject()));
  }

  @Test
  void mapItemSelector_seesTheMapInputAndTheItemInTheContext() {
    MapState state =
        map(
            ", \"ItemsPath\": \"$.items\", \"ItemSelector\": {\"owner.$\": \"$.owner\","
                + " \"index.$\": \"$$.Map.Item.Index\", \"value.$\": \"$$.Map.Item.Value\","
                + " \"execution.$\": \"$$.Execution.Id\"}");
    JsonObject context = json("{\"Execution\": {\"Id\": \"exec-1\"}}");

    List<Object> inputs =
        MapIteration.itemInputs(
            state, json("{\"owner\": \"ada\", \"items\": [\"a\", \"b\"]}"), context);

    assertEquals(
        List.of(
            json("{\"owner\": \"ada\", \"index\": 0, \"value\": \"a\", \"execution\": \"exec-1\"}"),
            json(
                "{\"owner\": \"ada\", \"index\": 1, \"value\": \"b\", \"execution\": \"exec-1\"}")),
        inputs);
    assertEquals(json("{\"Execution\": {\"Id\": \"exec-1\"}}"), context);
  }

  @Test
  void mapItemsPath_mustSelectAnArray() {
    StatesException notArray =
        assertThrows(
            StatesException.class,
            () -> MapIteration.itemInputs(map(""), json("{\"a\": 1}"), new JsonObject()));
    StatesException missing =
        assertThrows(
            StatesException.class,
            () ->
                MapIteration.itemInputs(
                    map(", \"ItemsPath\": \"$.nope\""), json("{}"), new JsonObject()));

    assertEquals(StatesError.RUNTIME, notArray.error());
    assertEquals(StatesError.RUNTIME, missing.error());
  }

  @Test
  void waitState_wakesUpWhenItsFieldSays() {
    JsonObject input = json("{\"delay\": 30, \"until\": \"2024-06-01T12:00:00Z\", \"bad\": -1}");

    assertEquals(ENTERED.plusSeconds(10), wakeUp("\"Seconds\": 10", input));
    assertEquals(
        Instant.parse("2016-03-14T01:59:00Z"),
        wakeUp("\"Timestamp\": \"2016-03-14T01:59:00Z\"", input));
    assertEquals(ENTERED.plusSeconds(30), wakeUp("\"SecondsPath\": \"$.delay\"", input));
    assertEquals(
        Instant.parse("2024-06-01T12:00:00Z"), wakeUp("\"TimestampPath\": \"$.until\"", input));
    assertEquals(
        StatesError.RUNTIME,
        assertThrows(StatesException.class, () -> wakeUp("\"SecondsPath\": \"$.bad\"", input))
            .error());
    assertEquals(
        StatesError.RUNTIME,
        assertThrows(StatesException.class, () -> wakeUp("\"TimestampPath\": \"$.delay\"", input))
            .error());
  }

  private static Instant wakeUp(String field, JsonObject input) {
    WaitState wait = (WaitState) state("\"Type\": \"Wait\", \"End\": true, " + field);
    return wait.wakeUpTime(input, new JsonObject(), ENTERED);
  }

  @Test
  void failState_givesItsErrorAndCauseAsTextOrFromItsInput() {
    FailState fixed = (FailState) state("\"Type\": \"Fail\", \"Error\": \"E\", \"Cause\": \"C\"");
    FailState fromInput =
        (FailState) state("\"Type\": \"Fail\", \"ErrorPath\": \"$.e\", \"CausePath\": \"$.c\"");
    FailState bare = (FailState) state("\"Type\": \"Fail\"");
    JsonObject input = json("{\"e\": \"Custom.Error\", \"c\": \"because\"}");

    assertEquals(Optional.of("E"), fixed.errorFor(input, new JsonObject()));
    assertEquals(Optional.of("C"), fixed.causeFor(input, new JsonObject()));
    assertEquals(Optional.of("Custom.Error"), fromInput.errorFor(input, new JsonObject()));
    assertEquals(Optional.of("because"), fromInput.causeFor(input, new JsonObject()));
    assertEquals(Optional.empty(), bare.errorFor(input, new JsonObject()));
    assertEquals(
        StatesError.RUNTIME,
        assertThrows(
                StatesException.class,
                () -> fromInput.errorFor(json("{\"e\": 1}"), new JsonObject()))
            .error());
  }
}
