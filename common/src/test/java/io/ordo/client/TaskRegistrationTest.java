package io.ordo.client;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.ordo.model.TimeoutType;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.math.BigDecimal;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.Date;
import java.util.HashMap;
import java.util.LinkedList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

class TaskRegistrationTest {

  @Test
  void everyTypeOfTheSeedsTable_isAccepted_andKeepsItsValue() {
    Map<String, Object> parameter = new HashMap<>();
    parameter.put("boolean", Boolean.TRUE);
    parameter.put("byte", (byte) 7);
    parameter.put("short", (short) 300);
    parameter.put("int", 70_000);
    parameter.put("long", 5_000_000_000L);
    parameter.put("float", 1.5f);
    parameter.put("double", 2.25d);
    parameter.put("string", "text");
    parameter.put("null", null);
    parameter.put("list", new LinkedList<>(List.of(1, "two")));
    parameter.put("map", new TreeMap<>(Map.of("inner", List.of(Map.of("deep", true)))));

    JsonObject json =
        TaskRegistration.of("Echo", parameter).toJson(false).getJsonObject("parameter");

    assertEquals(true, json.getBoolean("boolean"));
    assertEquals(7, json.getInteger("byte"));
    assertEquals(300, json.getInteger("short"));
    assertEquals(70_000, json.getInteger("int"));
    assertEquals(5_000_000_000L, json.getLong("long"));
    assertEquals(1.5f, json.getFloat("float"));
    assertEquals(2.25d, json.getDouble("double"));
    assertEquals("text", json.getString("string"));
    assertTrue(json.containsKey("null"));
    assertNull(json.getValue("null"));
    assertEquals(new JsonArray().add(1).add("two"), json.getJsonArray("list"));
    assertEquals(
        true, json.getJsonObject("map").getJsonArray("inner").getJsonObject(0).getBoolean("deep"));
  }

  @Test
  void nullParameter_isSentAsNull() {
    JsonObject json = TaskRegistration.of("Echo", null).toJson(false);
    assertTrue(json.containsKey("parameter"));
    assertNull(json.getValue("parameter"));
  }

  @Test
  void typesOutsideTheTable_areRefusedWithWhere() {
    for (Object value :
        List.of(
            'c',
            new BigDecimal("1.5"),
            new Date(),
            new int[] {1},
            new Object(),
            Set.of(1),
            new AtomicInteger(1),
            Double.NaN,
            Float.POSITIVE_INFINITY)) {
      IllegalArgumentException refused =
          assertThrows(
              IllegalArgumentException.class,
              () -> TaskRegistration.of("Echo", Map.of("bad", value)),
              () -> "accepted " + value.getClass());
      assertTrue(refused.getMessage().contains("parameter.bad"), refused.getMessage());
    }
  }

  @Test
  void nestedBadValue_namesItsPath() {
    Map<String, Object> parameter = Map.of("a", List.of(1, Map.of("b", new Object())));
    IllegalArgumentException refused =
        assertThrows(IllegalArgumentException.class, () -> TaskRegistration.of("Echo", parameter));
    assertTrue(refused.getMessage().contains("parameter.a[1].b"), refused.getMessage());
  }

  @Test
  void nullKey_isRefused() {
    Map<String, Object> parameter = new HashMap<>();
    parameter.put(null, 1);
    assertThrows(IllegalArgumentException.class, () -> TaskRegistration.of("Echo", parameter));
  }

  @Test
  void nonStringKeyInANestedMap_isRefused() {
    Map<Object, Object> inner = new HashMap<>();
    inner.put(1, "one");
    assertThrows(
        IllegalArgumentException.class, () -> TaskRegistration.of("Echo", Map.of("m", inner)));
  }

  @Test
  void referenceCycles_areRefused_throughMapsAndLists() {
    Map<String, Object> map = new HashMap<>();
    map.put("self", map);
    assertThrows(IllegalArgumentException.class, () -> TaskRegistration.of("Echo", map));

    List<Object> list = new ArrayList<>();
    list.add(list);
    assertThrows(
        IllegalArgumentException.class, () -> TaskRegistration.of("Echo", Map.of("l", list)));
  }

  @Test
  void sharedButAcyclicReferences_areAccepted() {
    List<Integer> shared = List.of(1, 2);
    JsonObject json =
        TaskRegistration.of("Echo", Map.of("a", shared, "b", shared))
            .toJson(false)
            .getJsonObject("parameter");
    assertEquals(json.getJsonArray("a"), json.getJsonArray("b"));
  }

  @Test
  void blankTaskName_isRefused() {
    assertThrows(IllegalArgumentException.class, () -> TaskRegistration.builder(null));
    assertThrows(IllegalArgumentException.class, () -> TaskRegistration.builder(" "));
  }

  @Test
  void stopProgressOnError_isSentForSerialQueuesOnly() {
    TaskRegistration registration =
        TaskRegistration.builder("Echo").stopProgressOnError(true).build();
    assertFalse(registration.toJson(false).containsKey("stopProgressOnError"));
    assertEquals(true, registration.toJson(true).getBoolean("stopProgressOnError"));
    assertEquals(
        false, TaskRegistration.of("Echo", null).toJson(true).getBoolean("stopProgressOnError"));
  }

  @Test
  void options_becomeTheApisMembers() {
    Instant sent = Instant.parse("2026-01-31T12:00:00Z");
    JsonObject json =
        TaskRegistration.builder("Echo")
            .sentTime(sent)
            .idempotencyKey("order-42")
            .timeout(TimeoutType.START_TO_CLOSE, Duration.ofMinutes(5))
            .timeout(TimeoutType.HEARTBEAT, null)
            .locale(Locale.JAPAN)
            .timeZone(ZoneId.of("Asia/Tokyo"))
            .attributes(Map.of("origin", "test"))
            .build()
            .toJson(false);
    assertEquals("2026-01-31T12:00:00Z", json.getString("sentTime"));
    assertEquals("order-42", json.getString("idempotencyKey"));
    assertEquals(
        new JsonObject().put("startToClose", 300L).put("heartbeat", "NONE"),
        json.getJsonObject("timeouts"));
    assertEquals(
        new JsonObject()
            .put("locale", "ja-JP")
            .put("timeZone", "Asia/Tokyo")
            .put("attributes", new JsonObject().put("origin", "test")),
        json.getJsonObject("context"));
  }

  @Test
  void withoutOptions_onlyTheTaskAndParameterAreSent() {
    assertEquals(
        Set.of("taskClassName", "parameter"),
        TaskRegistration.of("Echo", Map.of()).toJson(false).fieldNames());
  }

  @Test
  void timeoutsOutOfRange_areRefused() {
    TaskRegistration.Builder builder = TaskRegistration.builder("Echo");
    assertThrows(
        IllegalArgumentException.class,
        () -> builder.timeout(TimeoutType.START_TO_CLOSE, Duration.ZERO));
    assertThrows(
        IllegalArgumentException.class,
        () -> builder.timeout(TimeoutType.START_TO_CLOSE, Duration.ofMillis(1500)));
    assertThrows(
        IllegalArgumentException.class,
        () -> builder.timeout(TimeoutType.START_TO_CLOSE, Duration.ofDays(366)));
    builder.timeout(TimeoutType.START_TO_CLOSE, Duration.ofDays(365));
  }

  @Test
  void idempotencyKeys_mustBe1To255Characters() {
    TaskRegistration.Builder builder = TaskRegistration.builder("Echo");
    assertThrows(IllegalArgumentException.class, () -> builder.idempotencyKey(""));
    assertThrows(IllegalArgumentException.class, () -> builder.idempotencyKey("k".repeat(256)));
    builder.idempotencyKey("k".repeat(255));
  }

  @Test
  void attributes_followTheParameterRules() {
    IllegalArgumentException refused =
        assertThrows(
            IllegalArgumentException.class,
            () -> TaskRegistration.builder("Echo").attributes(Map.of("x", new Object())));
    assertTrue(refused.getMessage().contains("attributes.x"), refused.getMessage());
  }

  @Test
  void laterChangesToTheCallersMap_doNotChangeTheRegistration() {
    Map<String, Object> parameter = new HashMap<>(Map.of("a", 1));
    TaskRegistration registration = TaskRegistration.of("Echo", parameter);
    parameter.put("a", 2);
    registration.toJson(false).getJsonObject("parameter").put("a", 3);
    assertEquals(1, registration.toJson(false).getJsonObject("parameter").getInteger("a"));
  }
}
