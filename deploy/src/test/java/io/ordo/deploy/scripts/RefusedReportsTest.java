package io.ordo.deploy.scripts;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.ordo.deploy.Api;
import io.ordo.testing.TestDatabase;
import io.vertx.core.json.JsonObject;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * A report PostgreSQL refuses for what it carries (here: a trigger of this test's own refuses every
 * history event whose attributes hold {@code refuse-me}, with a data exception, as jsonb refuses a
 * value it cannot hold) does not hold its runner's other reports back: the batch is applied again
 * one report at a time, the refused completion or failure ends its message as a failure of type
 * {@code Ordo.ResultRefused} or {@code Ordo.ErrorRefused}, and the tasks reported with it end as
 * they ran. A refused result is never retried (the run did its work). (Before, the whole batch
 * failed, and the runner sent it again for good.)
 */
class RefusedReportsTest extends ScriptNodeTest {
  private static final String MARKER = "refuse-me";

  @Override
  protected void reset() {
    ScriptFiles.write(
        scripts,
        "refused-result.js",
        "function run() { context.setResult({text: '" + MARKER + "'}); }\n");
    ScriptFiles.write(
        scripts, "refused-error.js", "function run() { throw new Error('" + MARKER + "'); }\n");
    dropTrigger();
    sql(
        "CREATE OR REPLACE FUNCTION test_refuse_marked() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN"
            + " IF NEW.attributes::text LIKE '%"
            + MARKER
            + "%' THEN RAISE EXCEPTION 'refused by the test' USING ERRCODE = '22023'; END IF;"
            + " RETURN NEW; END $$",
        "CREATE TRIGGER test_refuse_marked BEFORE INSERT ON ordo_history_event"
            + " FOR EACH ROW EXECUTE FUNCTION test_refuse_marked()");
  }

  @AfterEach
  void dropTrigger() {
    sql(
        "DROP TRIGGER IF EXISTS test_refuse_marked ON ordo_history_event",
        "DROP FUNCTION IF EXISTS test_refuse_marked()");
  }

  @Test
  void aRefusedResultOrError_endsItsMessageAsAFailure_andTheOthersAreApplied() {
    List<String> echoes = new ArrayList<>();
    for (int i = 0; i < 10; i++) {
      echoes.add(tasks.parallel("Echo", new JsonObject().put("n", i)));
    }
    // each may run twice: the refused result is not retried, the refused error is
    String result = scriptWithTwoAttempts("refused-result.js");
    String error = scriptWithTwoAttempts("refused-error.js");
    for (int i = 10; i < 20; i++) {
      echoes.add(tasks.parallel("Echo", new JsonObject().put("n", i)));
    }

    assertRefused(result, "Ordo.ResultRefused", "result");
    assertEquals(1, runs(result), "a refused result is not run again");
    assertRefused(error, "Ordo.ErrorRefused", "error");
    assertEquals(2, runs(error), "a refused error is retried as its failure");
    for (String echo : echoes) {
      JsonObject info = tasks.await(echo, "DISPOSED");
      assertEquals("COMPLETED", info.getJsonObject("outcome").getString("type"), info.encode());
    }
  }

  private void assertRefused(String messageId, String type, String what) {
    JsonObject info = tasks.await(messageId, "DISPOSED");
    JsonObject outcome = info.getJsonObject("outcome");
    assertEquals("FAILED", outcome.getString("type"), info.encode());
    List<JsonObject> history = tasks.history(messageId);
    JsonObject failed = history.get(history.size() - 1);
    assertEquals("TaskFailed", failed.getString("eventType"), failed.encode());
    String attributes = failed.encode();
    assertEquals(
        type, failed.getJsonObject("taskFailedEventAttributes").getString("error"), attributes);
    assertTrue(
        attributes.contains("the database refused the task's " + what + " (SQLSTATE 22023)"),
        attributes);
  }

  private String scriptWithTwoAttempts(String jsPath) {
    Api.Reply reply =
        api.post(
            "/parallel-queue/tasks",
            new JsonObject()
                .put("jsPath", jsPath)
                .put("parameter", new JsonObject())
                .put(
                    "retry",
                    new JsonObject()
                        .put("maximumAttempts", 2)
                        .put("initialIntervalSeconds", 0.25)));
    assertEquals(201, reply.status(), reply.body().toString());
    return reply.json().getString("messageId");
  }

  private long runs(String messageId) {
    return tasks.history(messageId).stream()
        .filter(event -> "TaskStarted".equals(event.getString("eventType")))
        .count();
  }

  private static void sql(String... statements) {
    TestDatabase.execute(
        connection -> {
          try (Statement statement = connection.createStatement()) {
            for (String sql : statements) {
              statement.execute(sql);
            }
          }
          return null;
        });
  }
}
