package io.ordo.statemachine.language;

import static io.ordo.statemachine.language.Definitions.json;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;

class StateIoTest {

  private static final JsonObject NO_CONTEXT = new JsonObject();

  /** The only state of a one-state machine, parsed from its JSON fields. */
  private static State state(String fields) {
    return StateMachineDefinition.parse(
            json("{\"StartAt\": \"S\", \"States\": {\"S\": {" + fields + "}}}"))
        .startState();
  }

  private static State task(String fields) {
    return state("\"Type\": \"Task\", \"Resource\": \"ordo:task:Echo\", \"End\": true" + fields);
  }

  /** The developer guide's "InputPath, ResultPath and OutputPath" example. */
  @Test
  void inputResultAndOutputPath_workAsTheDocumentationExampleShows() {
    JsonObject input =
        json(
            """
            {"comment": "An input comment.", "data": {"val1": 23, "val2": 17},
             "extra": "foo", "lambda": {"who": "AWS Step Functions"}}
            """);
    State subtract =
        task(
            ", \"InputPath\": \"$.data\", \"ResultPath\": \"$.data.result\", \"OutputPath\": \"$.data\"");
    JsonObject before = input.copy();

    Object effectiveInput = StateIo.effectiveInput(subtract, input, NO_CONTEXT);
    Object output = StateIo.output(subtract, input, 6, NO_CONTEXT);

    assertEquals(json("{\"val1\": 23, \"val2\": 17}"), effectiveInput);
    assertEquals(json("{\"val1\": 23, \"val2\": 17, \"result\": 6}"), output);
    assertEquals(before, input);
  }

  /** The developer guide's Parameters example. */
  @Test
  void parameters_buildTheEffectiveInputAsTheDocumentationExampleShows() {
    JsonObject input =
        json(
            """
            {"comment": "Example for Parameters.",
             "product": {"details": {"color": "blue", "size": "small", "material": "cotton"},
                         "availability": "in stock", "sku": "2317", "cost": "$23"}}
            """);
    State state =
        task(
            """
            , "Parameters": {"comment": "Selecting what I care about.",
                             "MyDetails": {"size.$": "$.product.details.size",
                                           "exists.$": "$.product.availability",
                                           "StaticValue": "foo"}}
            """);

    assertEquals(
        json(
            """
            {"comment": "Selecting what I care about.",
             "MyDetails": {"size": "small", "exists": "in stock", "StaticValue": "foo"}}
            """),
        StateIo.effectiveInput(state, input, NO_CONTEXT));
  }

  /** The developer guide's ResultSelector example (an EMR CreateCluster result). */
  @Test
  void resultSelector_reshapesTheResultBeforeResultPath() {
    JsonObject result =
        json(
            """
            {"resourceType": "elasticmapreduce", "resource": "createCluster.sync",
             "output": {"SdkHttpMetadata": {"HttpStatusCode": 200},
                        "SdkResponseMetadata": {"RequestId": "1234-5678-9012"},
                        "ClusterId": "AKIAIOSFODNN7EXAMPLE"}}
            """);
    State state =
        task(
            """
            , "ResultSelector": {"ClusterId.$": "$.output.ClusterId",
                                 "ResourceType.$": "$.resourceType"},
              "ResultPath": "$.EMROutput"
            """);

    Object output = StateIo.output(state, json("{\"cluster\": \"requested\"}"), result, NO_CONTEXT);

    assertEquals(
        json(
            """
            {"cluster": "requested",
             "EMROutput": {"ClusterId": "AKIAIOSFODNN7EXAMPLE", "ResourceType": "elasticmapreduce"}}
            """),
        output);
  }

  /** The developer guide's ResultPath examples, with the HelloWorld function's result. */
  @Test
  void resultPath_replacesAddsDiscardsOrNestsAsTheDocumentationExamplesShow() {
    JsonObject input =
        json(
            """
            {"comment": "This is a test of the input and output of a Task state.",
             "details": "Default example", "who": "AWS Step Functions"}
            """);
    String hello = "Hello, AWS Step Functions!";

    assertEquals(hello, StateIo.output(task(", \"ResultPath\": \"$\""), input, hello, NO_CONTEXT));
    assertEquals(
        input.copy().put("taskresult", hello),
        StateIo.output(task(", \"ResultPath\": \"$.taskresult\""), input, hello, NO_CONTEXT));
    assertEquals(input, StateIo.output(task(", \"ResultPath\": null"), input, hello, NO_CONTEXT));
    assertEquals(
        input.copy().put("strings", new JsonObject().put("lambdaresult", hello)),
        StateIo.output(
            task(", \"ResultPath\": \"$.strings.lambdaresult\""), input, hello, NO_CONTEXT));
    assertEquals(
        input.copy().put("comment", hello),
        StateIo.output(task(", \"ResultPath\": \"$.comment\""), input, hello, NO_CONTEXT));
  }

  @Test
  void nullInputAndOutputPaths_giveEmptyObjects() {
    State state = task(", \"InputPath\": null, \"OutputPath\": null");

    assertEquals(new JsonObject(), StateIo.effectiveInput(state, json("{\"a\": 1}"), NO_CONTEXT));
    assertEquals(new JsonObject(), StateIo.output(state, json("{\"a\": 1}"), "r", NO_CONTEXT));
  }

  @Test
  void funWithMath_parallelOutputIsTheArrayOfBranchOutputs() {
    StateMachineDefinition definition =
        StateMachineDefinition.parse(json(Definitions.FUN_WITH_MATH));
    State funWithMath = definition.startState();
    JsonArray input = new JsonArray("[3, 2]");

    assertEquals(input, StateIo.effectiveInput(funWithMath, input, NO_CONTEXT));
    assertEquals(
        new JsonArray("[5, 1]"),
        StateIo.output(funWithMath, input, new JsonArray("[5, 1]"), NO_CONTEXT));
  }

  @Test
  void parametersAndResultSelector_readTheContextObject() {
    State state =
        task(
            ", \"Parameters\": {\"id.$\": \"$$.Execution.Id\"}, \"ResultSelector\": {\"state.$\": \"$$.State.Name\", \"r.$\": \"$\"}");
    JsonObject context =
        json("{\"Execution\": {\"Id\": \"exec-1\"}, \"State\": {\"Name\": \"S\"}}");

    assertEquals(
        json("{\"id\": \"exec-1\"}"), StateIo.effectiveInput(state, new JsonObject(), context));
    assertEquals(
        json("{\"state\": \"S\", \"r\": 7}"), StateIo.output(state, new JsonObject(), 7, context));
  }

  @Test
  void immediateOutput_ofPassUsesItsResultOrItsEffectiveInput() {
    State withResult =
        state(
            "\"Type\": \"Pass\", \"End\": true, \"Result\": {\"x\": 1}, \"ResultPath\": \"$.fixed\"");
    State withParameters =
        state(
            "\"Type\": \"Pass\", \"End\": true, \"Parameters\": {\"picked.$\": \"$.a\"}, \"ResultPath\": \"$.out\"");

    assertEquals(
        json("{\"a\": 1, \"fixed\": {\"x\": 1}}"),
        StateIo.immediateOutput(withResult, json("{\"a\": 1}"), NO_CONTEXT));
    assertEquals(
        json("{\"a\": 1, \"out\": {\"picked\": 1}}"),
        StateIo.immediateOutput(withParameters, json("{\"a\": 1}"), NO_CONTEXT));
  }

  @Test
  void immediateOutput_ofWaitChoiceAndSucceedFiltersTheirInput() {
    JsonObject input = json("{\"a\": {\"b\": {\"c\": 1}}, \"z\": 2}");

    assertEquals(
        json("{\"c\": 1}"),
        StateIo.immediateOutput(
            state(
                "\"Type\": \"Wait\", \"Seconds\": 1, \"End\": true, \"InputPath\": \"$.a\", \"OutputPath\": \"$.b\""),
            input,
            NO_CONTEXT));
    assertEquals(
        json("{\"b\": {\"c\": 1}}"),
        StateIo.immediateOutput(
            state("\"Type\": \"Succeed\", \"InputPath\": \"$.a\""), input, NO_CONTEXT));
  }

  @Test
  void catcherOutput_placesTheErrorAtTheCatchersResultPath() {
    JsonObject input = json("{\"a\": 1}");
    JsonObject error = json("{\"Error\": \"com.example.Boom\", \"Cause\": \"it broke\"}");

    assertEquals(
        input.copy().put("error", error),
        StateIo.catcherOutput(
            new Catcher(List.of("States.ALL"), "H", ResultPath.of("$.error")),
            input,
            "com.example.Boom",
            "it broke"));
    assertEquals(
        error,
        StateIo.catcherOutput(
            new Catcher(List.of("States.ALL"), "H", ResultPath.ROOT),
            input,
            "com.example.Boom",
            "it broke"));
    assertEquals(
        input,
        StateIo.catcherOutput(
            new Catcher(List.of("States.ALL"), "H", ResultPath.DISCARD),
            input,
            "com.example.Boom",
            "it broke"));
  }

  @Test
  void failures_carryTheStepFunctionsErrorOfTheStepThatFailed() {
    assertError(
        StatesError.RUNTIME,
        () ->
            StateIo.effectiveInput(
                task(", \"InputPath\": \"$.missing\""), new JsonObject(), NO_CONTEXT));
    // Step Functions documents States.ParameterPathFailure here but answers States.Runtime.
    assertError(
        StatesError.RUNTIME,
        () ->
            StateIo.effectiveInput(
                task(", \"Parameters\": {\"x.$\": \"$.missing\"}"), new JsonObject(), NO_CONTEXT));
    assertError(
        StatesError.RUNTIME,
        () ->
            StateIo.output(
                task(", \"ResultSelector\": {\"x.$\": \"$.missing\"}"),
                new JsonObject(),
                new JsonObject(),
                NO_CONTEXT));
    assertError(
        StatesError.RESULT_PATH_MATCH_FAILURE,
        () ->
            StateIo.output(
                task(", \"ResultPath\": \"$.result\""), "a string input", 1, NO_CONTEXT));
    assertError(
        StatesError.RUNTIME,
        () ->
            StateIo.output(
                task(", \"OutputPath\": \"$.missing\""), new JsonObject(), 1, NO_CONTEXT));
    assertError(
        StatesError.INTRINSIC_FAILURE,
        () ->
            StateIo.effectiveInput(
                task(", \"Parameters\": {\"x.$\": \"States.MathAdd($.s, 1)\"}"),
                json("{\"s\": \"x\"}"),
                NO_CONTEXT));
  }

  private static void assertError(String error, Executable step) {
    assertEquals(error, assertThrows(StatesException.class, step).error());
  }
}
