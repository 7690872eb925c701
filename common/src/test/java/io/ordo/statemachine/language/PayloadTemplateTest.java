package io.ordo.statemachine.language;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.vertx.core.json.JsonObject;
import org.junit.jupiter.api.Test;

class PayloadTemplateTest {

  private static final JsonObject NO_CONTEXT = new JsonObject();

  /** The "Parameters" example of the Step Functions developer guide. */
  @Test
  void apply_selectsWhatTheDocumentationExampleSelects() {
    JsonObject input =
        new JsonObject(
            """
            {"comment": "Example for Parameters.",
             "product": {"details": {"color": "blue", "size": "small", "material": "cotton"},
                         "availability": "in stock", "sku": "2317", "cost": "$23"}}
            """);
    PayloadTemplate parameters =
        PayloadTemplate.of(
            new JsonObject(
                """
                {"comment": "Selecting what I care about.",
                 "MyDetails": {"size.$": "$.product.details.size",
                               "exists.$": "$.product.availability",
                               "StaticValue": "foo"}}
                """));

    JsonObject payload = parameters.apply(input, NO_CONTEXT);

    assertEquals(
        new JsonObject(
            """
            {"comment": "Selecting what I care about.",
             "MyDetails": {"size": "small", "exists": "in stock", "StaticValue": "foo"}}
            """),
        payload);
  }

  @Test
  void apply_readsTheContextObjectThroughDoubleDollarPaths() {
    JsonObject context =
        new JsonObject("{\"Execution\": {\"Id\": \"exec-7\"}, \"State\": {\"Name\": \"Lookup\"}}");
    PayloadTemplate parameters =
        PayloadTemplate.of(
            new JsonObject(
                "{\"execution.$\": \"$$.Execution.Id\", \"state.$\": \"$$.State.Name\"}"));

    assertEquals(
        new JsonObject("{\"execution\": \"exec-7\", \"state\": \"Lookup\"}"),
        parameters.apply(new JsonObject(), context));
  }

  @Test
  void apply_processesObjectsInsideArrays() {
    PayloadTemplate parameters =
        PayloadTemplate.of(
            new JsonObject("{\"list\": [{\"v.$\": \"$.a\"}, 2, [{\"w.$\": \"$.b\"}]]}"));

    JsonObject payload = parameters.apply(new JsonObject("{\"a\": 1, \"b\": 2}"), NO_CONTEXT);

    assertEquals(new JsonObject("{\"list\": [{\"v\": 1}, 2, [{\"w\": 2}]]}"), payload);
  }

  @Test
  void apply_evaluatesIntrinsicFunctions() {
    PayloadTemplate parameters =
        PayloadTemplate.of(
            new JsonObject(
                "{\"greeting.$\": \"States.Format('Hello, {}! You are {}.', $.name, $.age)\"}"));

    assertEquals(
        new JsonObject("{\"greeting\": \"Hello, Ada! You are 36.\"}"),
        parameters.apply(new JsonObject("{\"name\": \"Ada\", \"age\": 36}"), NO_CONTEXT));
  }

  @Test
  void apply_aPathMatchingNothingIsStatesRuntimeAsOnStepFunctions() {
    PayloadTemplate parameters =
        PayloadTemplate.of(new JsonObject("{\"size.$\": \"$.product.size\"}"));

    StatesException failure =
        assertThrows(StatesException.class, () -> parameters.apply(new JsonObject(), NO_CONTEXT));

    assertEquals(StatesError.RUNTIME, failure.error());
    assertTrue(failure.getMessage().contains("$.product.size"), failure.getMessage());
    assertTrue(failure.getMessage().contains("size.$"), failure.getMessage());
  }

  @Test
  void apply_aMissingPathInsideAFunctionCallIsAlsoStatesRuntime() {
    PayloadTemplate parameters =
        PayloadTemplate.of(new JsonObject("{\"v.$\": \"States.Array($.missing)\"}"));

    StatesException failure =
        assertThrows(StatesException.class, () -> parameters.apply(new JsonObject(), NO_CONTEXT));

    assertEquals(StatesError.RUNTIME, failure.error());
  }

  @Test
  void of_rejectsBadExpressionsAndNonStringExpressionValues() {
    assertThrows(
        IllegalArgumentException.class,
        () -> PayloadTemplate.of(new JsonObject("{\"a.$\": \"$.b.length()\"}")));
    assertThrows(
        IllegalArgumentException.class, () -> PayloadTemplate.of(new JsonObject("{\"a.$\": 3}")));
    assertThrows(
        IllegalArgumentException.class,
        () -> PayloadTemplate.of(new JsonObject("{\"a.$\": \"States.Nope($.x)\"}")));
  }

  @Test
  void of_keepsItsOwnCopyOfTheTemplate() {
    JsonObject written = new JsonObject().put("fixed", 1);
    PayloadTemplate template = PayloadTemplate.of(written);

    written.put("fixed", 2);

    assertEquals(new JsonObject().put("fixed", 1), template.apply(new JsonObject(), NO_CONTEXT));
  }
}
