package io.ordo.runner.script;

import io.ordo.TaskControlException;
import io.ordo.bus.QueueApi;
import io.ordo.client.TaskManager;
import io.ordo.client.TaskMessage;
import io.ordo.client.TaskRegistration;
import io.ordo.client.impl.Transport;
import io.ordo.parameter.JavaParameters;
import io.vertx.core.json.JsonObject;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.mozilla.javascript.Context;
import org.mozilla.javascript.Scriptable;
import org.mozilla.javascript.ScriptableObject;

/**
 * The script's global {@code WorkManager} (the seed's server-side JavaScript API): the operations
 * of {@link TaskManager} under the seed's function names, each answering {@code {error,
 * errorMessage, data}} instead of throwing ({@code errorCode} too, the API's error code). It acts
 * for the script's tenant with the role and principal of whoever registered the script, over the
 * event bus; a call blocks the script's own thread (a task thread, never an event loop).
 */
final class JsWorkManager {
  private final TaskManager tasks;
  private final Transport transport;
  private final Duration timeout;

  JsWorkManager(TaskManager tasks, Transport transport, Duration timeout) {
    this.tasks = tasks;
    this.transport = transport;
    this.timeout = timeout;
  }

  Scriptable create(Context cx, Scriptable scope) {
    Scriptable wm = cx.newObject(scope);
    define(
        cx,
        scope,
        wm,
        "addParallelizedTask",
        2,
        a ->
            () ->
                tasks
                    .addParallelizedTask(TaskRegistration.script(text(a, 0), parameter(a, 1)))
                    .getMessageId());
    define(
        cx,
        scope,
        wm,
        "addSerializedTask",
        4,
        a ->
            () ->
                tasks
                    .addSerializedTask(
                        text(a, 0),
                        TaskRegistration.scriptBuilder(text(a, 1))
                            .parameter(parameter(a, 2))
                            .stopProgressOnError(JsValues.bool(a, 3))
                            .build())
                    .getMessageId());
    define(cx, scope, wm, "removeParallelizedTask", 1, a -> () -> removed(true, a));
    define(cx, scope, wm, "removeSerializedTask", 1, a -> () -> removed(false, a));
    define(
        cx,
        scope,
        wm,
        "setParallelizedTaskQueueActive",
        1,
        a ->
            () -> {
              tasks.setParallelizedTaskQueueActive(JsValues.bool(a, 0));
              return true;
            });
    define(
        cx,
        scope,
        wm,
        "addSerializedTaskQueue",
        2,
        a -> () -> tasks.addSerializedTaskQueue(text(a, 0), JsValues.bool(a, 1)));
    define(
        cx,
        scope,
        wm,
        "removeSerializedTaskQueue",
        1,
        a -> () -> tasks.removeSerializedTaskQueue(text(a, 0)));
    define(
        cx,
        scope,
        wm,
        "setSerializedTaskQueueActive",
        2,
        a ->
            () -> {
              tasks.setSerializedTaskQueueActive(text(a, 0), JsValues.bool(a, 1));
              return true;
            });
    define(
        cx,
        scope,
        wm,
        "releaseRunningParallelizedTask",
        3,
        a -> () -> info(tasks.releaseRunningParallelizedTask(text(a, 0), flag(a, 1), flag(a, 2))));
    define(
        cx,
        scope,
        wm,
        "releaseRunningSerializedTask",
        3,
        a -> () -> info(tasks.releaseRunningSerializedTask(text(a, 0), flag(a, 1), flag(a, 2))));
    define(
        cx,
        scope,
        wm,
        "stopRunningParallelizedTask",
        3,
        a -> () -> info(tasks.stopRunningParallelizedTask(text(a, 0), flag(a, 1), flag(a, 2))));
    define(
        cx,
        scope,
        wm,
        "stopRunningSerializedTask",
        3,
        a -> () -> info(tasks.stopRunningSerializedTask(text(a, 0), flag(a, 1), flag(a, 2))));
    define(cx, scope, wm, "getRegisteredInfo", 0, a -> this::snapshot);
    return wm;
  }

  private Object removed(boolean parallel, Object[] args) {
    String messageId = text(args, 0);
    return parallel
        ? tasks.removeParallelizedTask(messageId)
        : tasks.removeSerializedTask(messageId);
  }

  private Object snapshot() throws Exception {
    JsonObject status =
        transport
            .send(
                QueueApi.Action.GET_STATUS,
                new JsonObject().put("limit", TaskManager.REGISTERED_INFO_LIST_LIMIT))
            .toCompletionStage()
            .toCompletableFuture()
            .get(timeout.toMillis(), TimeUnit.MILLISECONDS);
    return JavaParameters.fromJson(status);
  }

  private static Object info(TaskMessage message) {
    return JavaParameters.fromJson(message.getTaskInfo().toJson());
  }

  /** An operation of the seed's API: its arguments make a call whose value becomes {@code data}. */
  private interface Operation {
    Action of(Object[] args);
  }

  private interface Action {
    Object call() throws Exception;
  }

  private static void define(
      Context cx, Scriptable scope, Scriptable target, String name, int arity, Operation op) {
    JsValues.function(
        scope,
        target,
        name,
        arity,
        (c, s, self, args) -> result(c, scope, () -> op.of(args).call()));
  }

  /** The seed's result object: {@code {error, errorMessage, data}} (and {@code errorCode}). */
  private static Scriptable result(Context cx, Scriptable scope, Action action) {
    Scriptable result = cx.newObject(scope);
    try {
      Object data = action.call();
      ScriptableObject.putProperty(result, "error", false);
      ScriptableObject.putProperty(result, "errorMessage", null);
      ScriptableObject.putProperty(result, "data", JsValues.toJs(cx, scope, data));
    } catch (Exception e) {
      Throwable cause = e instanceof ExecutionException && e.getCause() != null ? e.getCause() : e;
      ScriptableObject.putProperty(result, "error", true);
      ScriptableObject.putProperty(result, "errorMessage", message(cause));
      ScriptableObject.putProperty(
          result,
          "errorCode",
          cause instanceof TaskControlException control
              ? control.code().code()
              : cause instanceof IllegalArgumentException ? "invalid_parameter" : "unavailable");
      ScriptableObject.putProperty(result, "data", null);
    }
    return result;
  }

  private static String message(Throwable error) {
    if (error instanceof TimeoutException) {
      return "the queue service did not answer in time";
    }
    return error.getMessage() == null ? error.getClass().getSimpleName() : error.getMessage();
  }

  private static String text(Object[] args, int index) {
    String value = JsValues.string(args, index);
    if (value == null) {
      throw new IllegalArgumentException("argument " + (index + 1) + " must be a string");
    }
    return value;
  }

  private static boolean flag(Object[] args, int index) {
    return JsValues.bool(args, index);
  }

  @SuppressWarnings("unchecked")
  private static Map<String, ?> parameter(Object[] args, int index) {
    Object value = JsValues.toJava(index < args.length ? args[index] : null, "the parameter");
    if (value != null && !(value instanceof Map)) {
      throw new IllegalArgumentException("the parameter must be an object (or null)");
    }
    return (Map<String, ?>) value;
  }
}
