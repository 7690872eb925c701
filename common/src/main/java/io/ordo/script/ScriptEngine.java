package io.ordo.script;

import io.ordo.ErrorCode;
import io.ordo.TaskControlException;
import io.ordo.config.OrdoConfig.ScriptOptions;
import io.vertx.core.json.JsonObject;
import java.io.IOException;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;
import org.mozilla.javascript.CompilerEnvirons;
import org.mozilla.javascript.Context;
import org.mozilla.javascript.ContextFactory;
import org.mozilla.javascript.EvaluatorException;
import org.mozilla.javascript.Parser;
import org.mozilla.javascript.Script;
import org.mozilla.javascript.Scriptable;
import org.mozilla.javascript.ScriptableObject;
import org.mozilla.javascript.WrapFactory;
import org.mozilla.javascript.ast.AstNode;
import org.mozilla.javascript.ast.AstRoot;
import org.mozilla.javascript.ast.FunctionNode;
import org.mozilla.javascript.ast.Name;
import org.mozilla.javascript.ast.VariableDeclaration;
import org.mozilla.javascript.ast.VariableInitializer;

/**
 * Ordo's JavaScript engine (Rhino, ES6 language level, interpreted): compiles the scripts of a
 * {@link ScriptDirectory} (cached per file, compiled again when the file's modification time or
 * size changes) and runs them in a sandbox.
 *
 * <p>The sandbox: the standard objects only ({@code initSafeStandardObjects}: no {@code Packages},
 * {@code java}, {@code load} or other shell functions), made afresh for every task and sealed, so
 * one run cannot change what another sees; a global scope of the task's own on top of them; a class
 * shutter that lets a script see only the Java classes the operator allow-listed (none by default,
 * and then {@code Packages} does not even exist); an instruction observer that ends a script whose
 * {@link ScriptRun} is aborted or over its budget.
 */
public final class ScriptEngine {
  /** How many instructions run between two checks of the budget and the abort switch. */
  static final int OBSERVER_THRESHOLD = 10_000;

  private static final int MAX_STACK_DEPTH = 2_000;

  /**
   * The largest script file, in bytes: read whole and compiled, a larger one took the heap of every
   * node that registered or ran it (a 3 GB file answered registration with a 500).
   */
  public static final long MAX_SCRIPT_BYTES = 4L * 1024 * 1024;

  private final ScriptDirectory directory;
  private final SandboxFactory factory;
  private final boolean javaAllowed;
  private final Map<Path, Compiled> cache = new ConcurrentHashMap<>();

  private record Compiled(FileTime modified, long size, Script script) {}

  /**
   * @param directory where the scripts are
   * @param allowedClasses Java classes (fully qualified names) scripts may use; empty for none
   */
  public ScriptEngine(ScriptDirectory directory, Set<String> allowedClasses) {
    this.directory = directory;
    this.factory = new SandboxFactory(Set.copyOf(allowedClasses));
    this.javaAllowed = !allowedClasses.isEmpty();
  }

  /** The engine of a node's configured scripts directory and allow-list. */
  public static ScriptEngine of(ScriptOptions options) {
    return new ScriptEngine(
        new ScriptDirectory(options.directory()), Set.copyOf(options.allowedClasses()));
  }

  public ScriptDirectory directory() {
    return directory;
  }

  /**
   * The compiled script a {@code jsPath} names.
   *
   * @throws TaskControlException {@code unknown_task_type} (no such script) or {@code
   *     invalid_script} (it is larger than {@link #MAX_SCRIPT_BYTES} or not UTF-8 text, does not
   *     compile, or defines no top-level {@code run})
   */
  public Script load(String jsPath) {
    Path file = directory.resolve(jsPath);
    try {
      FileTime modified = Files.getLastModifiedTime(file);
      long size = Files.size(file);
      Compiled known = cache.get(file);
      if (known != null && known.modified().equals(modified) && known.size() == size) {
        return known.script();
      }
      if (size > MAX_SCRIPT_BYTES) {
        throw invalid(
            jsPath,
            "the script is " + size + " bytes; at most " + MAX_SCRIPT_BYTES + " are allowed",
            0,
            0);
      }
      String source = Files.readString(file, StandardCharsets.UTF_8);
      Script script = compile(jsPath, source);
      cache.put(file, new Compiled(modified, size, script));
      return script;
    } catch (CharacterCodingException e) {
      // listed by GET /task-types like any script that does not compile, and refused as one
      throw invalid(jsPath, "the script is not UTF-8 text", 0, 0);
    } catch (IOException e) {
      throw new TaskControlException(
          ErrorCode.UNKNOWN_TASK_TYPE,
          "cannot read the script '" + jsPath + "'",
          new JsonObject().put("jsPath", jsPath));
    }
  }

  private Script compile(String jsPath, String source) {
    try (Context cx = factory.enterContext()) {
      Script script = cx.compileString(source, jsPath, 1, null);
      CompilerEnvirons environment = new CompilerEnvirons();
      environment.initFromContext(cx);
      if (!definesRun(new Parser(environment).parse(source, jsPath, 1))) {
        throw invalid(jsPath, "the script defines no top-level run() function", 0, 0);
      }
      return script;
    } catch (EvaluatorException e) {
      throw invalid(
          jsPath, "the script does not compile: " + e.details(), e.lineNumber(), e.columnNumber());
    } catch (StackOverflowError e) {
      // Rhino caps the parser's nesting, not its code generator's: 1+1+…+1 (10,000 terms) ran the
      // thread out of stack, a 500 at registration
      throw invalid(jsPath, "the script does not compile: an expression nests too deeply", 0, 0);
    }
  }

  private static boolean definesRun(AstRoot root) {
    for (var statement : root) {
      AstNode node = (AstNode) statement;
      if (node instanceof FunctionNode function && "run".equals(function.getName())) {
        return true;
      }
      if (node instanceof VariableDeclaration declaration) {
        for (VariableInitializer variable : declaration.getVariables()) {
          if (variable.getTarget() instanceof Name name && "run".equals(name.getIdentifier())) {
            return true;
          }
        }
      }
      if (node instanceof org.mozilla.javascript.ast.ExpressionStatement expression
          && expression.getExpression() instanceof org.mozilla.javascript.ast.Assignment assign
          && assign.getLeft() instanceof Name name
          && "run".equals(name.getIdentifier())) {
        return true;
      }
    }
    return false;
  }

  /**
   * Runs {@code work} in a sandboxed context on the calling thread, counting its instructions
   * against {@code run}.
   */
  public <T> T call(ScriptRun run, Function<Context, T> work) {
    try (Context cx = factory.enterContext()) {
      cx.putThreadLocal(ScriptRun.class, run);
      return work.apply(cx);
    }
  }

  /**
   * A fresh global scope for one task, on top of sealed standard objects of its own. Not shared
   * between runs: Rhino's seal refuses an assignment ({@code Array.prototype.x = 1}) but not {@code
   * Object.defineProperty}, {@code Object.setPrototypeOf} or {@code Object.freeze}, so one run
   * could replace {@code JSON.stringify} or {@code Array.prototype.map} for every later run of any
   * tenant (about half a millisecond per task, against a task's database round trips).
   */
  public Scriptable newScope(Context cx) {
    ScriptableObject standard =
        javaAllowed ? cx.initStandardObjects(null, true) : cx.initSafeStandardObjects(null, true);
    standard.sealObject();
    Scriptable scope = cx.newObject(standard);
    scope.setPrototype(standard);
    scope.setParentScope(null);
    return scope;
  }

  private static TaskControlException invalid(String jsPath, String message, int line, int col) {
    JsonObject details = new JsonObject().put("jsPath", jsPath);
    if (line > 0) {
      details.put("line", line).put("column", col);
    }
    return new TaskControlException(
        ErrorCode.INVALID_SCRIPT,
        line > 0 ? message + " (line " + line + ", column " + col + ")" : message,
        details);
  }

  /** Contexts in the sandbox: ES6, interpreted, observed, behind the class shutter. */
  private static final class SandboxFactory extends ContextFactory {
    private final Set<String> allowedClasses;

    SandboxFactory(Set<String> allowedClasses) {
      this.allowedClasses = allowedClasses;
    }

    @Override
    protected Context makeContext() {
      Context cx = super.makeContext();
      cx.setLanguageVersion(Context.VERSION_ES6);
      cx.setInterpretedMode(true); // the instruction observer needs the interpreter
      cx.setInstructionObserverThreshold(OBSERVER_THRESHOLD);
      cx.setMaximumInterpreterStackDepth(MAX_STACK_DEPTH);
      cx.setClassShutter(allowedClasses::contains);
      // a listed class's String, number and boolean answers arrive as JavaScript values: wrapped,
      // they were java.lang.String objects the shutter hid (sb.toString() threw "Access to Java
      // class java.lang.String is prohibited")
      WrapFactory values = new WrapFactory();
      values.setJavaPrimitiveWrap(false);
      cx.setWrapFactory(values);
      return cx;
    }

    @Override
    protected void observeInstructionCount(Context cx, int instructionCount) {
      Object run = cx.getThreadLocal(ScriptRun.class);
      if (run instanceof ScriptRun budget) {
        budget.spend(instructionCount);
      }
    }
  }
}
