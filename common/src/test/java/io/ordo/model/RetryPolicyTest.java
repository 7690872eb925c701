package io.ordo.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.ordo.TaskControlException;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class RetryPolicyTest {

  @Test
  void defaults_areTemporals() {
    RetryPolicy policy = RetryPolicy.fromJson("retry", new JsonObject());
    assertEquals(0, policy.maximumAttempts(), "no limit");
    assertEquals(Duration.ofSeconds(1), policy.initialInterval());
    assertEquals(2.0, policy.backoffCoefficient());
    assertEquals(Duration.ofSeconds(100), policy.maximumInterval(), "100 × the initial interval");
    assertEquals(0, policy.nonRetryableErrors().size());
    assertNull(RetryPolicy.fromJson("retry", null));
  }

  @Test
  void backoff_growsByTheCoefficient_upToTheMaximum_andStopsAfterTheLastAttempt() {
    RetryPolicy policy =
        RetryPolicy.fromJson(
            "retry",
            new JsonObject()
                .put("maximumAttempts", 5)
                .put("initialIntervalSeconds", 2)
                .put("backoffCoefficient", 3)
                .put("maximumIntervalSeconds", 30));
    assertEquals(Optional.of(Duration.ofSeconds(2)), policy.delayAfter(1, "E"));
    assertEquals(Optional.of(Duration.ofSeconds(6)), policy.delayAfter(2, "E"));
    assertEquals(Optional.of(Duration.ofSeconds(18)), policy.delayAfter(3, "E"));
    assertEquals(Optional.of(Duration.ofSeconds(30)), policy.delayAfter(4, "E"), "capped");
    assertEquals(Optional.empty(), policy.delayAfter(5, "E"), "the fifth failure was the last");
  }

  @Test
  void unlimitedAttempts_andNonRetryableErrors() {
    RetryPolicy policy =
        RetryPolicy.fromJson(
            "retry",
            new JsonObject()
                .put(
                    "nonRetryableErrors",
                    new JsonArray().add("java.lang.IllegalArgumentException")));
    assertTrue(policy.delayAfter(1_000, "java.lang.IllegalStateException").isPresent());
    assertEquals(Optional.empty(), policy.delayAfter(1, "java.lang.IllegalArgumentException"));
  }

  @Test
  void aRefusedResult_isNeverRetried_aRefusedErrorIsRetriedAsItsFailure() {
    RetryPolicy policy = RetryPolicy.fromJson("retry", new JsonObject().put("maximumAttempts", 3));
    assertEquals(Optional.empty(), policy.delayAfter(1, RetryPolicy.RESULT_REFUSED));
    assertTrue(policy.delayAfter(1, RetryPolicy.ERROR_REFUSED).isPresent());
  }

  @Test
  void json_roundTrips() {
    RetryPolicy policy =
        RetryPolicy.fromJson(
            "retry",
            new JsonObject()
                .put("maximumAttempts", 3)
                .put("initialIntervalSeconds", 0.25)
                .put("nonRetryableErrors", new JsonArray().add("a.B")));
    assertEquals(policy, RetryPolicy.fromJson("retry", policy.toJson()));
  }

  @Test
  void badValues_areRefusedNamingTheMember() {
    for (JsonObject bad :
        new JsonObject[] {
          new JsonObject().put("maximumAttempts", 1.5),
          new JsonObject().put("maximumAttempts", 10_001),
          new JsonObject().put("initialIntervalSeconds", "1"),
          new JsonObject().put("backoffCoefficient", 0.9),
          new JsonObject().put("initialIntervalSeconds", 5).put("maximumIntervalSeconds", 4),
          new JsonObject().put("nonRetryableErrors", new JsonArray().add(3)),
          new JsonObject().put("jitter", 0.1)
        }) {
      TaskControlException e =
          assertThrows(TaskControlException.class, () -> RetryPolicy.fromJson("retry", bad));
      assertTrue(e.getMessage().startsWith("retry."), e.getMessage());
    }
  }

  @Test
  void delays_fromSecondsOrAnInstant_atMostAYear() {
    Instant now = Instant.parse("2026-01-01T00:00:00Z");
    assertEquals(
        now.plusSeconds(90),
        Delay.fromJson(new JsonObject().put("delaySeconds", 90), now).notBefore(now));
    Instant at = now.plusSeconds(3600);
    assertEquals(
        at, Delay.fromJson(new JsonObject().put("notBefore", at.toString()), now).notBefore(now));
    assertNull(Delay.fromJson(new JsonObject(), now));
    assertNull(Delay.fromJson(new JsonObject().put("delaySeconds", 0), now).notBefore(now));
    assertThrows(
        TaskControlException.class,
        () ->
            Delay.fromJson(
                new JsonObject().put("notBefore", now.plusSeconds(31_536_001).toString()), now));
  }
}
