package io.ordo.parameter;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class JavaParametersTest {

  @Test
  void aResultAtTheDepthBound_isConverted_andOneLevelDeeperIsRefusedNamingTheBound() {
    Object atTheBound = nested(JavaParameters.MAX_DEPTH);
    Object converted = JavaParameters.toJsonValue(atTheBound, "result");
    assertTrue(converted instanceof JsonObject);

    IllegalArgumentException refused =
        assertThrows(
            IllegalArgumentException.class,
            () -> JavaParameters.toJsonValue(nested(JavaParameters.MAX_DEPTH + 1), "result"));
    assertTrue(refused.getMessage().contains("nested more than 512 levels"), refused::getMessage);
  }

  @Test
  void siblingsDoNotAddUpToDepth_onlyNestingDoes() {
    List<Object> wide = new ArrayList<>();
    for (int i = 0; i < 2 * JavaParameters.MAX_DEPTH; i++) {
      wide.add(Map.of("k", List.of(i)));
    }
    assertEquals(
        2 * JavaParameters.MAX_DEPTH, ((JsonArray) JavaParameters.toJsonValue(wide, "r")).size());
  }

  @Test
  void aCycle_isRefused() {
    Map<String, Object> self = new HashMap<>();
    self.put("me", self);
    IllegalArgumentException refused =
        assertThrows(IllegalArgumentException.class, () -> JavaParameters.toJson(self));
    assertTrue(refused.getMessage().contains("reference cycle"), refused::getMessage);
  }

  @Test
  void aDecimalWhoseWholeValueIsPast64Bits_isRefused_asItWouldComeBackABigInteger() {
    for (Object number : List.of(1e19, -1e19, 1e308, 1e19f)) {
      IllegalArgumentException refused =
          assertThrows(
              IllegalArgumentException.class,
              () -> JavaParameters.toJsonValue(Map.of("x", List.of(number)), "result"));
      assertEquals(
          "result.x[0] is " + number + ", out of range: " + InputValues.NUMBER_RANGE,
          refused.getMessage());
    }
    assertEquals(
        new JsonObject().put("a", 1.5).put("b", 1e18).put("c", -0x1p63),
        JavaParameters.toJsonValue(Map.of("a", 1.5, "b", 1e18, "c", -0x1p63), "result"));
  }

  @Test
  void aTextOrKeyWithANulOrALoneSurrogate_isRefusedNamingWhere_andAPairIsKept() {
    assertRefused(
        Map.of("a", List.of("x\u0000")), "result.a[0] contains a NUL character (\\u0000)");
    assertRefused(
        Map.of("a", Map.of("k\u0000", 1)),
        "result.a has the key 'k\\u0000', which contains a NUL character (\\u0000)");
    assertRefused(
        List.of("\udfff"),
        "result[0] contains an unpaired UTF-16 surrogate (\\udfff), which is no Unicode character");
    assertRefused(
        "x\ud800y",
        "result contains an unpaired UTF-16 surrogate (\\ud800), which is no Unicode character");
    assertEquals(
        new JsonObject().put("\ud83d\ude00", "\ud83d\ude00"),
        JavaParameters.toJsonValue(Map.of("\ud83d\ude00", "\ud83d\ude00"), "result"));
    IllegalArgumentException parameter =
        assertThrows(
            IllegalArgumentException.class, () -> JavaParameters.toJson(Map.of("p", "\u0000")));
    assertEquals("parameter.p contains a NUL character (\\u0000)", parameter.getMessage());
  }

  private static void assertRefused(Object value, String message) {
    IllegalArgumentException refused =
        assertThrows(
            IllegalArgumentException.class, () -> JavaParameters.toJsonValue(value, "result"));
    assertEquals(message, refused.getMessage());
  }

  /** Maps nested {@code depth} levels (a map is a level). */
  private static Object nested(int depth) {
    Map<String, Object> value = new HashMap<>(Map.of("leaf", true));
    for (int i = 1; i < depth; i++) {
      value = new HashMap<>(Map.of("a", value));
    }
    return value;
  }
}
