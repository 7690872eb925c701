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

  /** Maps nested {@code depth} levels (a map is a level). */
  private static Object nested(int depth) {
    Map<String, Object> value = new HashMap<>(Map.of("leaf", true));
    for (int i = 1; i < depth; i++) {
      value = new HashMap<>(Map.of("a", value));
    }
    return value;
  }
}
