package io.ordo.runner.script;

import io.ordo.task.TaskCancelledException;
import io.ordo.task.TaskContext;
import org.mozilla.javascript.Context;
import org.mozilla.javascript.ScriptRuntime;
import org.mozilla.javascript.Scriptable;
import org.mozilla.javascript.ScriptableObject;

/**
 * The script's global {@code context}: the JavaScript face of {@link TaskContext}. Values are plain
 * properties ({@code messageId}, {@code tenant}, {@code principal}, {@code locale}, {@code
 * timeZone}, {@code traceId}, {@code attributes}, {@code attempt}, {@code fencingToken}); {@code
 * setResult(value)}, {@code heartbeat(details)} and {@code isReleased()} are functions.
 */
final class JsTaskContext {
  private JsTaskContext() {}

  static Scriptable create(Context cx, Scriptable scope, TaskContext context) {
    Scriptable object = cx.newObject(scope);
    ScriptableObject.putProperty(object, "messageId", context.messageId());
    ScriptableObject.putProperty(object, "tenant", context.tenant());
    ScriptableObject.putProperty(object, "principal", context.principal());
    ScriptableObject.putProperty(
        object, "locale", context.locale() == null ? null : context.locale().toLanguageTag());
    ScriptableObject.putProperty(
        object, "timeZone", context.timeZone() == null ? null : context.timeZone().getId());
    ScriptableObject.putProperty(object, "traceId", context.traceId());
    ScriptableObject.putProperty(
        object, "attributes", JsValues.toJs(cx, scope, context.attributes()));
    ScriptableObject.putProperty(object, "attempt", (double) context.attempt());
    ScriptableObject.putProperty(object, "fencingToken", (double) context.fencingToken());
    JsValues.function(
        scope,
        object,
        "setResult",
        1,
        (c, s, self, args) -> {
          Object result = convert(args.length > 0 ? args[0] : null, "the result");
          try {
            context.setResult(result);
          } catch (IllegalArgumentException e) {
            throw ScriptRuntime.typeError(e.getMessage()); // larger than the runner takes
          }
          return null;
        });
    JsValues.function(
        scope,
        object,
        "heartbeat",
        1,
        (c, s, self, args) -> {
          try {
            context.heartbeat(convert(args.length > 0 ? args[0] : null, "heartbeat details"));
          } catch (TaskCancelledException e) {
            throw ScriptRuntime.constructError("TaskCancelled", e.getMessage());
          } catch (IllegalArgumentException e) {
            throw ScriptRuntime.typeError(e.getMessage()); // larger than the runner takes
          }
          return null;
        });
    JsValues.function(scope, object, "isReleased", 0, (c, s, self, args) -> context.isReleased());
    return object;
  }

  private static Object convert(Object value, String what) {
    try {
      return JsValues.toJava(value, what);
    } catch (IllegalArgumentException e) {
      throw ScriptRuntime.typeError(e.getMessage());
    }
  }
}
