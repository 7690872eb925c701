package io.ordo.deploy.scripts;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.vertx.core.json.JsonObject;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * A class the operator lists in scripts-allowed-classes is usable, its text and number answers as
 * JavaScript values (a StringBuilder's toString() threw "Access to Java class java.lang.String is
 * prohibited"), while every unlisted class stays hidden.
 */
class AllowedClassesTest extends ScriptNodeTest {
  @Override
  protected Map<String, String> environment() {
    Map<String, String> env = super.environment();
    env.put("ORDO_SCRIPTS_ALLOWED_CLASSES", "java.lang.StringBuilder");
    return env;
  }

  @Override
  protected void reset() {
    ScriptFiles.write(
        scripts,
        "builder.js",
        """
        function attempt(f) {
          try { return String(f()); } catch (e) { return 'refused: ' + e.name; }
        }
        function run() {
          const builder = new java.lang.StringBuilder('or').append('do');
          context.setResult({
            text: builder.toString(),
            type: typeof builder.toString(),
            length: builder.length(),
            exit: attempt(() => java.lang.System.exit(1)),
            getClass: attempt(() => builder.getClass().forName('java.lang.Runtime')),
          });
        }
        """);
  }

  @Test
  void aListedClass_answersJavaScriptValues_andUnlistedClassesStayHidden() {
    String id = tasks.parallelScript("builder.js", null);
    JsonObject outcome = tasks.await(id, "DISPOSED").getJsonObject("outcome");
    assertEquals(
        new JsonObject()
            .put("text", "ordo")
            .put("type", "string")
            .put("length", 4)
            .put("exit", "refused: TypeError")
            .put("getClass", "refused: InternalError"),
        outcome.getJsonObject("result"),
        outcome.encode());
  }
}
