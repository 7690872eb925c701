package io.ordo.queue.statemachine;

import io.ordo.config.OrdoConfig.StateMachineOptions;
import io.ordo.parameter.InputValues;
import io.ordo.statemachine.language.JsonValues;
import io.ordo.statemachine.language.StatesError;
import io.ordo.statemachine.language.StepWork;
import io.vertx.core.json.Json;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.nio.charset.StandardCharsets;

/**
 * The bounds of one piece of state data (an input, an output, a result, a parameter): nested at
 * most {@link StateMachineOptions#MAX_DATA_DEPTH} levels — well below the 1,000 levels JSON is
 * written and read with, so that the history and the decider's state that wrap it stay readable —
 * at most {@code maxDataBytes} serialized, and made only of what a request's JSON may carry ({@link
 * InputValues}: no NUL character, which PostgreSQL's {@code jsonb} cannot hold, no number out of
 * range). A request is checked at the door, but an intrinsic can make such a value: {@code
 * States.Base64Decode('AAAA')} three NULs, {@code States.StringToJson('1e400')} an infinity.
 */
final class DataBounds {
  private final int maxBytes;

  DataBounds(int maxBytes) {
    this.maxBytes = maxBytes;
  }

  /**
   * Measures a value against the bounds.
   *
   * @param what names the value for the cause, e.g. "the output of PassStateExited"
   * @return its serialized size in bytes
   * @throws ExecutionLimitExceeded {@code States.DataLimitExceeded}, or {@code States.Runtime} for
   *     a value that cannot be stored
   */
  long measure(String what, Object value) {
    String deep = tooDeep(what, value);
    if (deep != null) {
      throw new ExecutionLimitExceeded(StatesError.DATA_LIMIT, deep);
    }
    String unstorable = InputValues.problem(value);
    if (unstorable != null) {
      throw new ExecutionLimitExceeded(
          StatesError.RUNTIME, what + " cannot be stored: " + unstorable);
    }
    long bytes = bytes(value);
    StepWork.spendOnText(bytes); // the scans and the encoding above went through it all
    if (bytes > maxBytes) {
      throw new ExecutionLimitExceeded(StatesError.DATA_LIMIT, tooLarge(what, bytes));
    }
    return bytes;
  }

  /** Why a value nests too deep, or null if it does not. */
  static String tooDeep(String what, Object value) {
    int limit = StateMachineOptions.MAX_DATA_DEPTH;
    return JsonValues.deeperThan(value, limit)
        ? what + " is nested more than " + limit + " levels deep; at most " + limit + " are allowed"
        : null;
  }

  String tooLarge(String what, long bytes) {
    return what + " is " + bytes + " bytes serialized; at most " + maxBytes + " are allowed";
  }

  int maxBytes() {
    return maxBytes;
  }

  /** The serialized size of a value no deeper than the depth bound. */
  static long bytes(Object value) {
    if (value instanceof JsonObject || value instanceof JsonArray || value instanceof String) {
      return Json.encode(value).getBytes(StandardCharsets.UTF_8).length;
    }
    return 8; // a number, a boolean or null: small
  }
}
