package io.ordo.queue.http;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.vertx.core.Vertx;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import io.vertx.json.schema.JsonSchema;
import io.vertx.json.schema.OutputErrorType;
import io.vertx.json.schema.OutputUnit;
import io.vertx.openapi.contract.OpenAPIContract;
import io.vertx.openapi.contract.Operation;
import io.vertx.openapi.contract.Parameter;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The contract's schemas as the API checks requests against them: every one compiles, and a broken
 * rule is answered at the pointer of the value that broke it, with the rule, as the problem
 * responses show it (Problems).
 */
class CompiledSchemaValidatorTest {
  private static Vertx vertx;
  private static OpenAPIContract contract;

  @BeforeAll
  static void loadContract() throws Exception {
    vertx = Vertx.vertx();
    contract =
        ApiContract.load(vertx)
            .toCompletionStage()
            .toCompletableFuture()
            .get(30, TimeUnit.SECONDS)
            .contract();
  }

  @AfterAll
  static void close() throws Exception {
    vertx.close().toCompletionStage().toCompletableFuture().get(30, TimeUnit.SECONDS);
  }

  @Test
  void everySchemaOfTheContractCompiles() {
    int schemas = 0;
    for (Operation operation : contract.operations()) {
      if (operation.getRequestBody() != null) {
        for (var media : operation.getRequestBody().getContent().values()) {
          CompiledSchemaValidator.of(media.getSchema());
          schemas++;
        }
      }
      for (Parameter parameter : operation.getParameters()) {
        CompiledSchemaValidator.of(parameter.getSchema());
        schemas++;
      }
    }
    assertTrue(schemas > 50, "the contract's bodies and parameters: " + schemas);
  }

  @Test
  void aContractWithASchemaThatCannotBeCompiled_isRefusedWhenItIsWrapped() throws Exception {
    JsonObject document =
        new JsonObject(
            """
            {"openapi": "3.1.0", "info": {"title": "recursive", "version": "1"},
             "paths": {"/nodes": {"post": {"operationId": "addNode",
               "requestBody": {"content": {"application/json":
                 {"schema": {"$ref": "#/components/schemas/Node"}}}},
               "responses": {"200": {"description": "added"}}}}},
             "components": {"schemas": {"Node": {"type": "object",
               "properties": {"child": {"$ref": "#/components/schemas/Node"}}}}}}
            """);
    OpenAPIContract recursive =
        OpenAPIContract.from(vertx, document)
            .toCompletionStage()
            .toCompletableFuture()
            .get(30, TimeUnit.SECONDS);
    IllegalArgumentException refused =
        assertThrows(IllegalArgumentException.class, () -> new CachedValidatorsContract(recursive));
    assertTrue(refused.getMessage().contains("recursive"), refused.getMessage());
    assertTrue(refused.getMessage().contains("addNode's request body"), refused.getMessage());
  }

  @Test
  void aValidRegistration_isValid_whateverItsParameterHolds() {
    JsonObject parameter =
        new JsonObject()
            .put("list", new JsonArray().add(1).add(2.5).add("x").addNull().add(true))
            .put("big", 12345678901234L)
            .put("nested", new JsonObject().put("a", new JsonObject()));
    OutputUnit result =
        registration()
            .validate(
                new JsonObject()
                    .put("taskClassName", "Echo")
                    .put("parameter", parameter)
                    .put("sentTime", "2026-11-25T21:00:00Z")
                    .put("timeouts", new JsonObject().put("heartbeat", "600")));
    assertTrue(result.getValid(), () -> result.toJson().encode());
  }

  @Test
  void aWrongType_isAnsweredAtItsField() {
    OutputUnit error = onlyError(registration().validate(new JsonObject().put("taskClassName", 5)));
    assertEquals("#/taskClassName", error.getInstanceLocation());
    assertTrue(error.getError().contains("string expected"), error.getError());
    OutputUnit fraction = onlyError(echoWith("delaySeconds", 1.5));
    assertEquals("#/delaySeconds", fraction.getInstanceLocation());
    assertTrue(fraction.getError().contains("integer expected"), fraction.getError());
  }

  @Test
  void theRulesAreStatedInEnglish_whateverTheServersLocale() {
    Locale before = Locale.getDefault();
    Locale.setDefault(Locale.GERMAN);
    try {
      OutputUnit error = onlyError(echoWith("delaySeconds", "x"));
      assertTrue(error.getError().contains("string found, integer expected"), error.getError());
    } finally {
      Locale.setDefault(before);
    }
  }

  @Test
  void anUnknownField_isNamedInThePointer() {
    OutputUnit error = onlyError(echoWith("colour", "blue"));
    assertEquals("#/colour", error.getInstanceLocation());
    assertTrue(error.getError().contains("colour"), error.getError());
  }

  @Test
  void aMissingRequiredField_isNamedInThePointer() {
    OutputUnit error = onlyError(body("setParallelQueueActive").validate(new JsonObject()));
    assertEquals("#/active", error.getInstanceLocation());
    assertEquals(OutputErrorType.MISSING_VALUE, error.getErrorType());
  }

  @Test
  void aValueOverItsBound_statesTheBound() {
    OutputUnit result = echoWith("timeouts", new JsonObject().put("heartbeat", 99_999_999_999L));
    assertFalse(result.getValid());
    assertTrue(
        result.getErrors().stream()
            .anyMatch(
                e ->
                    e.getInstanceLocation().equals("#/timeouts/heartbeat")
                        && e.getError().contains("31536000")),
        () -> result.toJson().encode());
  }

  @Test
  void aDateTimeFormat_isARule() {
    OutputUnit error = onlyError(echoWith("sentTime", "today"));
    assertEquals("#/sentTime", error.getInstanceLocation());
  }

  @Test
  void aReferenceLeftInASchema_isRefused() {
    JsonObject unresolved =
        new JsonObject()
            .put("properties", new JsonObject().put("a", new JsonObject().put("$ref", "#/x")));
    IllegalArgumentException refused =
        assertThrows(
            IllegalArgumentException.class,
            () -> CompiledSchemaValidator.of(JsonSchema.of(unresolved)));
    assertTrue(refused.getMessage().contains("#/x"), refused.getMessage());
  }

  @Test
  void aSchemaUsedTwiceSideBySide_compiles() {
    // what Vert.x makes of two references to one schema: the same map in both places
    JsonObject shared = new JsonObject().put("type", "integer");
    JsonObject schema =
        new JsonObject()
            .put("type", "object")
            .put(
                "properties", new JsonObject().put("a", shared.getMap()).put("b", shared.getMap()));
    CompiledSchemaValidator validator = CompiledSchemaValidator.of(JsonSchema.of(schema));
    assertTrue(validator.validate(new JsonObject().put("a", 1).put("b", 2)).getValid());
    assertEquals(
        "#/b", onlyError(validator.validate(new JsonObject().put("b", "x"))).getInstanceLocation());
  }

  @Test
  void aSchemaThatContainsItself_isRefused() {
    // what Vert.x makes of a recursive reference: the schema is its own property's schema
    JsonObject node = new JsonObject().put("type", "object");
    node.put("properties", new JsonObject().put("child", node.getMap()));
    IllegalArgumentException refused =
        assertThrows(
            IllegalArgumentException.class, () -> CompiledSchemaValidator.of(JsonSchema.of(node)));
    assertTrue(refused.getMessage().contains("recursive"), refused.getMessage());
  }

  /** The check of an {@code Echo} registration with one more field. */
  private static OutputUnit echoWith(String field, Object value) {
    return registration().validate(new JsonObject().put("taskClassName", "Echo").put(field, value));
  }

  private static CompiledSchemaValidator registration() {
    return body("registerParallelTask");
  }

  private static CompiledSchemaValidator body(String operationId) {
    return CompiledSchemaValidator.of(
        contract
            .operation(operationId)
            .getRequestBody()
            .getContent()
            .get("application/json")
            .getSchema());
  }

  private static OutputUnit onlyError(OutputUnit result) {
    assertFalse(result.getValid(), "the value should be invalid");
    List<OutputUnit> errors = result.getErrors();
    assertEquals(1, errors.size(), () -> result.toJson().encode());
    return errors.get(0);
  }
}
