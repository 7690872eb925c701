package io.ordo.statemachine.language;

import static io.ordo.statemachine.language.Definitions.json;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.vertx.core.json.JsonObject;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;
import org.junit.jupiter.api.Test;

class StateMachineDefinitionTest {

  private final StateMachineDefinition everything =
      StateMachineDefinition.parse(json(Definitions.EVERYTHING), Definitions.SAMPLE_TASKS);

  @Test
  void funWithMath_parsesIntoAParallelStateWithTwoTaskBranches() {
    StateMachineDefinition definition =
        StateMachineDefinition.parse(json(Definitions.FUN_WITH_MATH));

    assertEquals(Optional.of("Parallel Example."), definition.comment());
    assertEquals("FunWithMath", definition.startAt());
    ParallelState parallel = assertInstanceOf(ParallelState.class, definition.startState());
    assertEquals(Optional.empty(), parallel.next());
    assertEquals(2, parallel.branches().size());
    TaskState add = assertInstanceOf(TaskState.class, parallel.branches().get(0).startState());
    TaskState subtract =
        assertInstanceOf(TaskState.class, parallel.branches().get(1).state("Subtract"));
    assertEquals(new ResourceName("Add"), add.resourceName());
    assertEquals("arn:aws:states:us-east-1:123456789012:activity:Subtract", subtract.resource());
    assertEquals(IoFields.DEFAULT, add.io());
    assertEquals(ErrorHandling.NONE, parallel.errorHandling());
  }

  @Test
  void parse_refusesAnInvalidDefinitionListingEveryProblem() {
    InvalidDefinitionException invalid =
        assertThrows(
            InvalidDefinitionException.class,
            () ->
                StateMachineDefinition.parse(
                    json(
                        "{\"StartAt\": \"A\", \"States\": {\"A\": {\"Type\": \"Pass\"}, \"B\": {\"Type\": \"X\"}}}")));

    assertEquals(3, invalid.errors().size(), invalid.errors()::toString);
    assertTrue(invalid.getMessage().contains("$.States.A: a state must have either Next or End"));
  }

  @Test
  void parse_withAResolverAlsoChecksResources() {
    InvalidDefinitionException invalid =
        assertThrows(
            InvalidDefinitionException.class,
            () ->
                StateMachineDefinition.parse(
                    json(Definitions.FUN_WITH_MATH), Definitions.known("Add")));

    assertEquals(
        "$.States.FunWithMath.Branches[1].States.Subtract.Resource",
        invalid.errors().get(0).path());
  }

  @Test
  void topLevelFields_andStateOrderAreKept() {
    assertEquals(OptionalInt.of(3600), everything.timeoutSeconds());
    assertEquals(
        List.of("Prepare", "Compute", "Decide", "Pause", "EachItem", "Done", "Failed"),
        List.copyOf(everything.states().keySet()));
  }

  @Test
  void taskState_carriesItsIoFieldsTimeoutsRetriersAndCatchers() {
    TaskState compute = assertInstanceOf(TaskState.class, everything.state("Compute"));

    assertEquals(Optional.of("Decide"), compute.next());
    assertEquals(FilterPath.of("$.data.numbers"), compute.io().inputPath());
    assertTrue(compute.io().parameters().isPresent());
    assertEquals(
        json("{\"sum.$\": \"$\"}"), compute.io().resultSelector().orElseThrow().template());
    assertEquals(ResultPath.of("$.sum"), compute.io().resultPath());
    assertEquals(OptionalInt.of(60), compute.timeoutSeconds());
    assertEquals(OptionalInt.of(10), compute.heartbeatSeconds());

    List<Retrier> retriers = compute.errorHandling().retryPolicy().retriers();
    assertEquals(
        new Retrier(
            List.of("com.example.Flaky"), 2, 5, 1.5, OptionalInt.of(30), JitterStrategy.FULL),
        retriers.get(0));
    assertEquals(Retrier.of(List.of(StatesError.ALL)), retriers.get(1));
    List<Catcher> catchers = compute.errorHandling().catchers();
    assertEquals(
        new Catcher(List.of(StatesError.TIMEOUT), "Failed", ResultPath.of("$.error")),
        catchers.get(0));
    assertEquals(ResultPath.DISCARD, catchers.get(1).resultPath());
  }

  @Test
  void otherStateTypes_carryTheirOwnFields() {
    PassState prepare = assertInstanceOf(PassState.class, everything.state("Prepare"));
    assertTrue(prepare.hasResult());
    assertEquals(json("{\"numbers\": [3, 2], \"items\": [1, 2, 3]}"), prepare.result());

    ChoiceState decide = assertInstanceOf(ChoiceState.class, everything.state("Decide"));
    assertEquals(Optional.of("Done"), decide.defaultState());
    assertInstanceOf(ChoiceRule.And.class, decide.choices().get(0).rule());
    assertEquals("Pause", decide.choices().get(0).next());
    ChoiceRule.Not not = assertInstanceOf(ChoiceRule.Not.class, decide.choices().get(1).rule());
    Comparison comparison = assertInstanceOf(Comparison.class, not.rule());
    assertEquals("NumericEqualsPath", comparison.operator().fieldName());
    assertEquals(JsonPath.parse("$.data.numbers[0]"), comparison.operand());

    WaitState pause = assertInstanceOf(WaitState.class, everything.state("Pause"));
    assertEquals(new WaitFor.SecondsPath(JsonPath.parse("$.data.numbers[1]")), pause.waitFor());

    MapState eachItem = assertInstanceOf(MapState.class, everything.state("EachItem"));
    assertEquals(JsonPath.parse("$.data.items"), eachItem.itemsPath());
    assertEquals(2, eachItem.maxConcurrency());
    assertTrue(eachItem.itemSelector().isPresent());
    assertEquals("Echo", eachItem.itemProcessor().startAt());

    SucceedState done = assertInstanceOf(SucceedState.class, everything.state("Done"));
    assertEquals(FilterPath.of("$.sum"), done.io().outputPath());

    FailState failed = assertInstanceOf(FailState.class, everything.state("Failed"));
    assertEquals(Optional.of("Computation.Failed"), failed.error());
    assertEquals(Optional.of("it broke"), failed.cause());
  }

  @Test
  void legacyMapFields_IteratorAndParameters_becomeTheItemProcessorAndItemSelector() {
    StateMachineDefinition definition =
        StateMachineDefinition.parse(
            json(
                """
                {"StartAt": "M", "States": {"M": {"Type": "Map", "End": true,
                  "Parameters": {"v.$": "$$.Map.Item.Value"},
                  "Iterator": {"StartAt": "P", "States": {"P": {"Type": "Pass", "End": true}}}}}}
                """));
    MapState map = assertInstanceOf(MapState.class, definition.startState());

    assertEquals(Optional.empty(), map.io().parameters());
    assertEquals(
        json("{\"v.$\": \"$$.Map.Item.Value\"}"), map.itemSelector().orElseThrow().template());
    assertEquals(JsonPath.ROOT, map.itemsPath());
    assertEquals(0, map.maxConcurrency());
    assertInstanceOf(PassState.class, map.itemProcessor().state("P"));
  }

  @Test
  void nullPaths_meanDiscardOrEmpty() {
    StateMachineDefinition definition =
        StateMachineDefinition.parse(
            json(
                "{\"StartAt\": \"P\", \"States\": {\"P\": {\"Type\": \"Pass\", \"End\": true, \"InputPath\": null, \"ResultPath\": null, \"OutputPath\": null}}}"));
    PassState pass = assertInstanceOf(PassState.class, definition.startState());

    assertFalse(pass.hasResult());
    assertEquals(FilterPath.EMPTY, pass.io().inputPath());
    assertEquals(ResultPath.DISCARD, pass.io().resultPath());
    assertEquals(FilterPath.EMPTY, pass.io().outputPath());
  }

  @Test
  void findState_searchesNestedScopes() {
    StateMachineDefinition definition =
        StateMachineDefinition.parse(json(Definitions.FUN_WITH_MATH));

    assertEquals("Subtract", definition.findState("Subtract").orElseThrow().name());
    assertEquals("Echo", everything.findState("Echo").orElseThrow().name());
    assertEquals(Optional.empty(), definition.findState("Multiply"));
    assertThrows(IllegalArgumentException.class, () -> definition.state("Subtract"));
  }

  @Test
  void theModelCannotBeChangedThroughWhatItReturns() {
    PassState prepare = (PassState) everything.state("Prepare");
    ((JsonObject) prepare.result()).put("numbers", "changed");

    assertEquals(json("{\"numbers\": [3, 2], \"items\": [1, 2, 3]}"), prepare.result());
    assertThrows(UnsupportedOperationException.class, () -> everything.states().remove("Done"));
  }
}
