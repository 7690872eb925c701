package io.ordo.runner.script;

import io.ordo.runner.execution.Abortable;
import io.ordo.script.ScriptAborted;
import io.ordo.script.ScriptEngine;
import io.ordo.script.ScriptFailure;
import io.ordo.script.ScriptRun;
import io.ordo.task.Task;
import io.ordo.task.TaskContext;
import io.ordo.task.TaskEvent;
import java.util.Map;
import java.util.function.BiFunction;
import org.mozilla.javascript.Context;
import org.mozilla.javascript.EcmaError;
import org.mozilla.javascript.Function;
import org.mozilla.javascript.JavaScriptException;
import org.mozilla.javascript.RhinoException;
import org.mozilla.javascript.Script;
import org.mozilla.javascript.ScriptRuntime;
import org.mozilla.javascript.Scriptable;
import org.mozilla.javascript.ScriptableObject;

/**
 * A JavaScript task as a {@link Task} (SPEC 9.4), so that the runner's lifecycle is the same for
 * both languages: each callback calls the script's function of the same name when it defines one
 * ({@code run} it must define). The script runs once, at instantiation, in a global scope of its
 * own, where the global {@code WorkManager} is defined for every callback; {@code run} (and the
 * callbacks after it) also see {@code context} (its {@link TaskContext}). A script has no {@code
 * release()}: released, it is unmanaged and may go on; a forced stop or a timeout ends it through
 * {@link #abort}.
 */
final class ScriptTask implements Task, Abortable {
  /** The instructions a thrown object's {@code name} or {@code message} getter may run. */
  private static final long PROPERTY_INSTRUCTIONS = 100_000;

  private static final String RECURSION =
      "the task thread's stack ran out: recursion through built-in functions (forEach, sort,"
          + " JSON.stringify, a getter…) is not counted against the 2,000 frames of the interpreter";

  private final ScriptEngine engine;
  private final ScriptRun budget;
  private final Scriptable scope;
  private boolean completing; // guarded by budget

  /**
   * Runs the script's top level.
   *
   * @param workManager makes the script's {@code WorkManager} object in its scope
   * @throws RuntimeException the script cannot be loaded or its top level throws
   */
  ScriptTask(
      ScriptEngine engine,
      String jsPath,
      long maxInstructions,
      BiFunction<Context, Scriptable, Scriptable> workManager) {
    this.engine = engine;
    this.budget = new ScriptRun(maxInstructions);
    Script script = engine.load(jsPath);
    this.scope =
        guarded(
            cx -> {
              Scriptable global = engine.newScope(cx);
              // every callback may use it (taskRejected too, which comes before run)
              ScriptableObject.putProperty(global, "WorkManager", workManager.apply(cx, global));
              script.exec(cx, global);
              return global;
            });
  }

  /** Ends the script at its next instruction check, unless its taskCompleted has begun. */
  @Override
  public void abort(String reason) {
    synchronized (budget) {
      if (!completing) {
        budget.abort(reason);
      }
    }
  }

  /** No such function in JavaScript: the released script is unmanaged and goes on. */
  @Override
  public void release() {}

  @Override
  public void setParameter(Map<String, ?> parameter) {
    call("setParameter", cx -> JsValues.toJs(cx, scope, parameter));
  }

  @Override
  public void taskAccepted(TaskEvent event) {
    call("taskAccepted", cx -> event(cx, event));
  }

  @Override
  public void taskStarted(TaskEvent event) {
    call("taskStarted", cx -> event(cx, event));
  }

  @Override
  public void run() {
    TaskContext context = TaskContext.current();
    guarded(
        cx -> {
          ScriptableObject.putProperty(scope, "context", JsTaskContext.create(cx, scope, context));
          return null;
        });
    call("run", cx -> null);
  }

  @Override
  public void taskCompleted(TaskEvent event) {
    synchronized (budget) {
      completing = true; // a stop that comes now (a late timeout, a forced stop) ends nothing
      budget.resume(); // a forced stop ended run; taskCompleted is still told
    }
    call("taskCompleted", cx -> event(cx, event));
  }

  @Override
  public void taskRejected(TaskEvent event) {
    call("taskRejected", cx -> event(cx, event));
  }

  /**
   * Calls a function of the script if it defines one; {@code argument} makes its argument. {@code
   * run} must be a function: a script whose {@code run} is something else fails with a TypeError
   * (registration sees only that the name is defined).
   */
  private void call(String name, java.util.function.Function<Context, Object> argument) {
    guarded(
        cx -> {
          Object defined = ScriptableObject.getProperty(scope, name);
          if (defined instanceof Function function) {
            Object arg = argument.apply(cx);
            function.call(cx, scope, scope, arg == null ? new Object[0] : new Object[] {arg});
          } else if (name.equals("run")) {
            throw ScriptRuntime.typeError(
                "run is not a function (it is " + ScriptRuntime.typeof(defined) + ")");
          }
          return null;
        });
  }

  private Scriptable event(Context cx, TaskEvent event) {
    Scriptable object = cx.newObject(scope);
    ScriptableObject.putProperty(object, "type", event.getType().name());
    ScriptableObject.putProperty(object, "error", event.getException() != null);
    if (event.getException() != null) {
      ScriptableObject.putProperty(object, "message", event.getException().getMessage());
    }
    return object;
  }

  /** Runs in the engine; what the script throws becomes a {@link ScriptFailure}. */
  private <T> T guarded(java.util.function.Function<Context, T> work) {
    try {
      return engine.call(budget, work);
    } catch (JavaScriptException e) {
      Object value = e.getValue();
      String name = "Error";
      String message = e.details();
      if (value instanceof Scriptable thrown) {
        String thrownName = property(thrown, "name");
        String thrownMessage = property(thrown, "message");
        name = thrownName != null ? thrownName : name;
        message = thrownMessage != null ? thrownMessage : message;
      }
      throw new ScriptFailure(name, message, stack(e));
    } catch (EcmaError e) {
      throw new ScriptFailure(e.getName(), e.getErrorMessage(), stack(e));
    } catch (RhinoException e) {
      throw new ScriptFailure("Error", e.details(), stack(e));
    } catch (StackOverflowError e) {
      // recursion through built-ins ([1].forEach(f) in f) passes the interpreter's frame cap: fail
      // as the cap does, not with java.lang.StackOverflowError and Rhino's Java stack
      throw new ScriptFailure("Error", "Exceeded maximum stack depth", RECURSION);
    }
  }

  /**
   * A text property of a thrown object, or null if it is no text. Read in the engine, within a
   * small budget of its own: a getter is script code (read outside a context it failed with "No
   * Context associated with current Thread"), and may loop or throw, which leaves it null.
   */
  private String property(Scriptable thrown, String name) {
    try {
      return engine.call(
          new ScriptRun(PROPERTY_INSTRUCTIONS),
          cx -> text(ScriptableObject.getProperty(thrown, name)));
    } catch (RhinoException | ScriptAborted e) {
      return null;
    }
  }

  private static String text(Object value) {
    return value instanceof CharSequence ? value.toString() : null;
  }

  private static String stack(RhinoException e) {
    return e.details() + "\n" + e.getScriptStackTrace();
  }
}
