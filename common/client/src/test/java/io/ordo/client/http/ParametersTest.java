package io.ordo.client.http;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigDecimal;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * What a call would send as JSON is checked before anything is written: nesting (iteratively, so no
 * depth overflows the stack), numbers JSON has, and plain values only.
 */
class ParametersTest {
  /** A client whose calls never reach a server: these are refused before sending. */
  private final OrdoClient ordo = OrdoClient.builder().baseUrl("http://127.0.0.1:1").build();

  static Map<String, Object> nested(int levels) {
    Map<String, Object> root = new HashMap<>();
    Map<String, Object> level = root;
    for (int i = 1; i < levels; i++) {
      Map<String, Object> next = new HashMap<>();
      level.put("k", next);
      level = next;
    }
    return root;
  }

  static List<Object> nestedList(int levels) {
    List<Object> root = new ArrayList<>();
    List<Object> level = root;
    for (int i = 1; i < levels; i++) {
      List<Object> next = new ArrayList<>();
      level.add(next);
      level = next;
    }
    return root;
  }

  @ParameterizedTest
  @ValueSource(ints = {1000, 1500, 2000, 100_000})
  void aParameterDeeperThanAnyNodeReads_isRefused_namingTheLimit(int levels) {
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class,
            () -> ordo.tasks().addParallelizedTask("Echo", nested(levels)));
    assertTrue(e.getMessage().contains("more than 999 levels"), e.getMessage());
    assertThrows(
        IllegalArgumentException.class,
        () -> TaskRegistration.of("Echo", Map.of("list", nestedList(levels))));
  }

  @Test
  void aParameterAsDeepAsJsonAllows_isWritten() {
    TaskRegistration registration = TaskRegistration.of("Echo", nested(999));
    assertDoesNotThrow(() -> Json.write(registration.toBody(false)));
  }

  @Test
  void theAsyncForms_failTheirFuture_insteadOfThrowing() {
    CompletableFuture<?> registered = ordo.tasks().addParallelizedTaskAsync("Echo", nested(2000));
    CompletionException e = assertThrows(CompletionException.class, registered::join);
    assertInstanceOf(IllegalArgumentException.class, e.getCause());
    CompletableFuture<?> started =
        ordo.stateMachines().startExecutionAsync("sm1", Map.of("when", Instant.EPOCH));
    assertInstanceOf(
        IllegalArgumentException.class,
        assertThrows(CompletionException.class, started::join).getCause());
  }

  @Test
  void nanAndInfinities_areRefused() {
    for (Object number :
        List.of(Double.NaN, Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY, Float.NaN)) {
      IllegalArgumentException e =
          assertThrows(
              IllegalArgumentException.class,
              () -> TaskRegistration.of("Echo", Map.of("x", List.of(1, number))));
      assertTrue(e.getMessage().contains("parameter.x[1]"), e.getMessage());
      assertTrue(e.getMessage().contains("JSON"), e.getMessage());
      assertThrows(
          IllegalArgumentException.class,
          () -> ordo.stateMachines().startExecution("sm1", Map.of("x", number)));
    }
  }

  @Test
  void executionInput_mustBePlainJson() {
    for (Object input :
        List.of(
            Thread.currentThread(),
            Instant.EPOCH,
            Optional.of(1),
            new Object(),
            Map.of("when", Instant.EPOCH),
            List.of(Optional.empty()))) {
      IllegalArgumentException e =
          assertThrows(
              IllegalArgumentException.class,
              () -> ordo.stateMachines().startExecution("sm1", input));
      assertTrue(e.getMessage().startsWith("input"), e.getMessage());
      assertTrue(e.getMessage().contains("maps, lists, strings"), e.getMessage());
      assertThrows(
          IllegalArgumentException.class,
          () -> ScheduleSpec.cron("0 0 * * *").execution("sm1", input));
    }
    IllegalArgumentException deep =
        assertThrows(
            IllegalArgumentException.class,
            () -> ordo.stateMachines().startExecution("sm1", nestedList(513)));
    assertTrue(deep.getMessage().contains("more than 512 levels"), deep.getMessage());
    assertDoesNotThrow(
        () ->
            ScheduleSpec.cron("0 0 * * *")
                .execution("sm1", List.of(1, "two", BigDecimal.ONE, Map.of("k", true))));
  }
}
