package io.ordo.deploy.scripts;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.vertx.core.json.JsonObject;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The sandbox: no Java, no file system, no shell functions, no globals shared between runs, and no
 * standard object either (Object.defineProperty on a shared, sealed JSON had replaced
 * JSON.stringify for every later run).
 */
class ScriptSandboxTest extends ScriptNodeTest {
  @Override
  protected Map<String, String> environment() {
    Map<String, String> env = super.environment();
    env.put("ORDO_SCRIPTS_MAX_INSTRUCTIONS", "2000000");
    return env;
  }

  @Override
  protected void reset() {
    ScriptFiles.write(
        scripts,
        "probe.js",
        """
        function attempt(f) {
          try { return String(f()); } catch (e) { return 'refused: ' + e.name; }
        }
        var leftBehind;
        function run() {
          const seen = {
            packages: typeof Packages,
            java: typeof java,
            load: typeof load,
            system: attempt(() => java.lang.System.exit(1)),
            file: attempt(() => new java.io.File('/etc/passwd').exists()),
            loadFile: attempt(() => load('/etc/passwd')),
            getClass: attempt(() => context.getClass()),
            prototype: attempt(() => { Object.prototype.leak = 1; return 'changed'; }),
            earlierGlobal: String(leftBehind),
            sharedGlobal: attempt(() => { globalThis.shared = 1; return 'changed'; }),
          };
          leftBehind = 'from an earlier run';
          context.setResult(seen);
        }
        """);
    ScriptFiles.write(scripts, "spin.js", "function run() { for (;;) {} }\n");
    ScriptFiles.write(
        scripts,
        "tamper.js",
        """
        function run() {
          Object.defineProperty(JSON, 'stringify', {value: () => 'replaced'});
          Object.defineProperty(Array.prototype, 'map', {value: () => 'replaced'});
          Object.setPrototypeOf(Array.prototype, {planted: 'planted'});
          Object.freeze(Object.prototype);
        }
        """);
    ScriptFiles.write(
        scripts,
        "victim.js",
        """
        function run() {
          const o = {};
          o.toString = () => 'own';
          context.setResult({
            stringify: JSON.stringify({a: 1}),
            map: String([1].map(x => x + 1)),
            planted: String([].planted),
            toString: String(o),
          });
        }
        """);
  }

  @Test
  void aScript_reachesNoJavaClass_noFile_noShellFunction_andNoOtherRunsGlobals() {
    String first = tasks.parallelScript("probe.js", null);
    tasks.await(first, "DISPOSED");
    String second = tasks.parallelScript("probe.js", null);
    JsonObject outcome = tasks.await(second, "DISPOSED").getJsonObject("outcome");
    JsonObject seen = outcome.getJsonObject("result");
    org.junit.jupiter.api.Assertions.assertNotNull(seen, outcome.encode());

    assertEquals("undefined", seen.getString("packages"));
    assertEquals("undefined", seen.getString("java"));
    assertEquals("undefined", seen.getString("load"));
    assertEquals("refused: ReferenceError", seen.getString("system"));
    assertEquals("refused: ReferenceError", seen.getString("file"));
    assertEquals("refused: ReferenceError", seen.getString("loadFile"));
    assertEquals("refused: TypeError", seen.getString("getClass"));
    assertTrue(seen.getString("prototype").startsWith("refused"), "standard objects are sealed");
    assertEquals("undefined", seen.getString("earlierGlobal"));
    assertTrue(seen.getString("sharedGlobal").startsWith("refused"), "the shared scope is sealed");
  }

  @Test
  void aRunThatRedefinesStandardObjects_changesNothingAnotherRunSees() {
    String tamper = tasks.parallelScript("tamper.js", null);
    assertEquals(
        "COMPLETED", tasks.await(tamper, "DISPOSED").getJsonObject("outcome").getString("type"));

    String victim = tasks.parallelScript("victim.js", null);
    JsonObject seen = tasks.await(victim, "DISPOSED").getJsonObject("outcome");
    assertEquals(
        new JsonObject()
            .put("stringify", "{\"a\":1}")
            .put("map", "2")
            .put("planted", "undefined")
            .put("toString", "own"),
        seen.getJsonObject("result"),
        seen.encode());
  }

  @Test
  void aScriptOverItsInstructionBudget_fails() {
    String id = tasks.parallelScript("spin.js", null);
    JsonObject outcome = tasks.await(id, "DISPOSED").getJsonObject("outcome");

    assertEquals("FAILED", outcome.getString("type"));
    assertEquals("io.ordo.script.ScriptAborted", outcome.getString("error"));
  }
}
