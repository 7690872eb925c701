package io.ordo.deploy.statemachine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.ordo.deploy.Api;
import io.ordo.deploy.OrdoNode;
import io.ordo.deploy.TestNode;
import io.ordo.testing.TestDatabase;
import io.vertx.core.json.JsonObject;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * A step of an execution runs on threads of its own, not on the queue service's event loop: while
 * one step works through its budget, the node keeps answering its API.
 */
class LongStepTest {
  /** Hashes the execution's 64 KB text 4,000 times in one step: about 256 MB of SHA-256. */
  private static final String HASHER =
      """
      { "StartAt": "Hash", "States": {
        "Hash": { "Type": "Pass", "Parameters": { "i.$": "States.MathAdd($.i, 1)",
          "h.$": "States.Hash($$.Execution.Input.text, 'SHA-256')" }, "Next": "Again" },
        "Again": { "Type": "Choice", "Choices": [ { "Variable": "$.i", "NumericLessThan": 4000,
          "Next": "Hash" } ], "Default": "Done" },
        "Done": { "Type": "Succeed" } } }
      """;

  private OrdoNode node;
  private Api api;
  private Api poller;
  private Path config;

  @BeforeEach
  void start() throws IOException {
    TestDatabase.truncate();
    // a budget of work the loop stays inside (4,000 hashes of 4,096 units each)
    config = Files.createTempFile("ordo-long-step", ".yaml");
    Files.writeString(config, "state-machines:\n  max-step-work: 1000000000\n");
    Map<String, String> environment = TestNode.environment("ORDO_CONFIG", config.toString());
    node = TestNode.start(environment);
    api = new Api(node.httpPort(), TestNode.OPERATOR);
    poller = new Api(node.httpPort(), TestNode.OPERATOR);
  }

  @AfterEach
  void stop() throws IOException {
    poller.close();
    api.close();
    node.close();
    Files.deleteIfExists(config);
  }

  @Test
  void whileTheFirstStepOfAnExecutionWorks_theNodeAnswersOtherRequests() {
    new Machines(api).put("Hasher", HASHER);
    JsonObject input = new JsonObject().put("i", 0).put("text", "x".repeat(64 * 1024));

    CompletableFuture<Api.Reply> started =
        CompletableFuture.supplyAsync(
            () ->
                api.post(
                    "/state-machines/Hasher/executions", new JsonObject().put("input", input)));
    int answeredMeanwhile = 0;
    while (!started.isDone()) {
      Api.Reply reply = poller.get("/state-machines/Hasher");
      if (!started.isDone()) {
        assertEquals(200, reply.status(), () -> reply.body().toString());
        answeredMeanwhile++;
      }
    }

    Api.Reply reply = started.join();
    assertEquals(201, reply.status(), () -> reply.body().toString());
    JsonObject execution =
        new Machines(api).await(reply.json().getString("executionId"), "SUCCEEDED");
    assertEquals(4000, execution.getJsonObject("output").getInteger("i"));
    // With the step on the event loop, requests were answered only while the start waited for the
    // database before and after its step: 13 of them here, against 206 with the step off it.
    assertTrue(
        answeredMeanwhile >= 50,
        "requests answered while the execution's first step ran: " + answeredMeanwhile);
  }
}
