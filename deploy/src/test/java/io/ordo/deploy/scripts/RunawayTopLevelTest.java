package io.ordo.deploy.scripts;

import static org.junit.jupiter.api.Assertions.assertTrue;

import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * A script whose top level runs past its instruction budget cannot be instantiated: its runner
 * rejects the message at once, saying why, as it does a script whose top level throws (it had
 * logged an error and left the message to the orphan sweep's "claimed but not started").
 */
class RunawayTopLevelTest extends ScriptNodeTest {
  @Override
  protected Map<String, String> environment() {
    Map<String, String> env = super.environment();
    env.put("ORDO_SCRIPTS_MAX_INSTRUCTIONS", "1000000");
    return env;
  }

  @Override
  protected void reset() {
    ScriptFiles.write(scripts, "spinning-top.js", "for (;;) {}\nfunction run() {}\n");
  }

  @Test
  void aTopLevelOverItsBudget_isRejectedAtOnce_namingTheBudget() {
    String id = tasks.parallelScript("spinning-top.js", null);

    JsonObject history =
        api.await(
                "/tasks/" + id + "/history",
                r -> firstRejection(r.json()) != null,
                Duration.ofSeconds(30))
            .json();
    String reason = firstRejection(history).getString("reason");
    assertTrue(reason.contains("cannot be instantiated"), reason);
    assertTrue(reason.contains("budget of 1000000 instructions"), reason);
  }

  private static JsonObject firstRejection(JsonObject historyPage) {
    for (Object event : historyPage.getJsonArray("events", new JsonArray())) {
      JsonObject e = (JsonObject) event;
      if ("TaskRejected".equals(e.getString("eventType"))) {
        return e.getJsonObject("taskRejectedEventAttributes");
      }
    }
    return null;
  }
}
