package io.ordo.parameter;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.ordo.ErrorCode;
import io.ordo.TaskControlException;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.json.JsonObject;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The number rule of a request's body, on bodies decoded as the HTTP layer decodes them. */
class InputValuesTest {
  private static final String OUT_OF_RANGE =
      "/parameter/x is a number out of range: integers must fit in 64 bits (at most"
          + " 9223372036854775807 in magnitude), and so must a decimal whose value is whole, such"
          + " as 1e19; other decimals must be finite";

  @Test
  void aDecimalWhoseWholeValueIsPast64Bits_isRefusedLikeSuchAnInteger() {
    // jsonb keeps the value, not the writing: 1e19 came back as 10000000000000000000
    TaskControlException integer = refused("9223372036854775808");
    assertEquals(ErrorCode.INVALID_PARAMETER, integer.code());
    assertEquals(OUT_OF_RANGE, integer.getMessage());

    for (String number :
        List.of(
            "1e19",
            "9.3e18",
            "1.5e19",
            "-1e19",
            "1E+30",
            "1e308",
            "-9.3e18",
            "123456789012345678901.0")) {
      TaskControlException decimal = refused(number);
      assertEquals(ErrorCode.INVALID_PARAMETER, decimal.code(), number);
      assertEquals(OUT_OF_RANGE, decimal.getMessage(), number);
      assertEquals("/parameter/x", decimal.details().getString("field"), number);
    }
  }

  @Test
  void decimalsWithAFraction_orAWholeValueWithin64Bits_areAccepted() {
    for (String number :
        List.of(
            "1.5",
            "1e-5",
            "4.9e-324",
            "1e18",
            "9.2e18",
            "-9.223372036854775808e18",
            "9223372036854775807",
            "-9223372036854775808")) {
      assertDoesNotThrow(() -> InputValues.checkJson("", body(number)), number);
    }
  }

  @Test
  void aNonFiniteDecimal_isRefusedWithTheSameRule() {
    assertEquals(OUT_OF_RANGE, refused("1e400").getMessage());
    assertEquals(OUT_OF_RANGE, refused("-1e309").getMessage());
  }

  @Test
  void theCode_isInvalidParameterInsideATasksParameterOnly() {
    JsonObject big = new JsonObject().put("x", 1e19);
    assertEquals(ErrorCode.INVALID_PARAMETER, refusedAt(new JsonObject().put("parameter", 1e19)));
    assertEquals(
        ErrorCode.INVALID_PARAMETER,
        refusedAt(new JsonObject().put("task", new JsonObject().put("parameter", big))));
    assertEquals(ErrorCode.INVALID_REQUEST, refusedAt(new JsonObject().put("input", big)));
    assertEquals(ErrorCode.INVALID_REQUEST, refusedAt(new JsonObject().put("parameters", big)));
    assertEquals(
        ErrorCode.INVALID_REQUEST,
        refusedAt(new JsonObject().put("task", new JsonObject().put("input", big))));
  }

  @Test
  void stateDataAnIntrinsicMade_isJudgedByTheSameRule() {
    assertEquals(
        "/x is a number out of range: " + InputValues.NUMBER_RANGE,
        InputValues.problem(new JsonObject().put("x", 1e19)));
    assertNull(InputValues.problem(new JsonObject().put("x", 1e18)));
  }

  private static ErrorCode refusedAt(JsonObject body) {
    return assertThrows(TaskControlException.class, () -> InputValues.checkJson("", body)).code();
  }

  private static TaskControlException refused(String number) {
    Object body = body(number);
    return assertThrows(TaskControlException.class, () -> InputValues.checkJson("", body), number);
  }

  private static Object body(String number) {
    return StrictJson.decode(
        Buffer.buffer("{\"taskClassName\":\"Echo\",\"parameter\":{\"x\":" + number + "}}"));
  }
}
