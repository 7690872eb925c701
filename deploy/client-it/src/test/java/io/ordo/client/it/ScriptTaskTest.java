package io.ordo.client.it;

import static io.ordo.client.it.Await.failure;
import static io.ordo.client.it.Await.result;
import static io.ordo.client.it.Await.until;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.ordo.client.http.ParallelizedTaskMessage;
import io.ordo.client.http.RegisteredTaskInfo;
import io.ordo.client.http.SerializedTaskMessage;
import io.ordo.client.http.TaskRegistration;
import io.ordo.client.http.TaskState;
import io.ordo.client.http.exception.InvalidScriptException;
import io.ordo.client.http.exception.UnknownTaskTypeException;
import java.nio.file.Files;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/** JavaScript tasks registered by {@code jsPath} through the Java client, run by a real node. */
class ScriptTaskTest extends WithOperatorTasks {
  @Test
  void aScript_inTheParallelQueue_runsToCompletion() {
    ParallelizedTaskMessage message =
        tasks.addParallelizedTask(TaskRegistration.script("echo.js", Map.of("message", "hello")));
    assertEquals("echo.js", message.getInfo().getJsPath());
    assertNull(message.getInfo().getTaskClassName());

    RegisteredTaskInfo done = disposed(message.getMessageId());
    assertEquals("COMPLETED", done.getOutcome().get("type"), done.getOutcome().toString());
    Map<?, ?> result = (Map<?, ?>) done.getOutcome().get("result");
    assertEquals(Map.of("message", "hello"), result.get("echo"));
    assertEquals(message.getMessageId(), result.get("messageId"));
  }

  @Test
  void aScript_inASerialQueue_runsToCompletion_andAFailingOneStopsTheQueue() throws Exception {
    String queueId = "it.js." + UUID.randomUUID();
    assertTrue(tasks.addSerializedTaskQueue(queueId, true));
    SerializedTaskMessage echo =
        tasks.addSerializedTask(
            queueId,
            TaskRegistration.scriptBuilder("echo.js")
                .parameter(Map.of("n", 1))
                .stopProgressOnError(true)
                .build());
    SerializedTaskMessage failing =
        result(
            tasks.addSerializedTaskAsync(
                queueId,
                TaskRegistration.scriptBuilder("fail.js").stopProgressOnError(true).build()));
    assertEquals("fail.js", failing.getInfo().getJsPath());

    assertEquals("COMPLETED", disposed(echo.getMessageId()).getOutcome().get("type"));
    Map<String, Object> failed = disposed(failing.getMessageId()).getOutcome();
    assertEquals("FAILED", failed.get("type"), failed.toString());
    assertEquals("TypeError", failed.get("error"));
    assertEquals(false, tasks.getSerializedTaskQueueInfo(queueId).isActive());
  }

  @Test
  void theScripts_areListedAmongTheTaskTypes() {
    assertTrue(
        tasks.getTaskTypes().stream()
            .anyMatch(t -> "heartbeat.js".equals(t.jsPath()) && t.taskClassName() == null),
        tasks.getTaskTypes().toString());
  }

  @Test
  void aPathOutsideTheDirectory_orAScriptThatDoesNotCompile_isRefusedAtRegistration()
      throws Exception {
    assertThrows(
        UnknownTaskTypeException.class,
        () -> tasks.addParallelizedTask(TaskRegistration.script("../echo.js", null)));
    Files.writeString(
        node.scriptsDir().resolve("broken-it.js"), "function run() {\n  let = ;\n}\n");
    InvalidScriptException invalid =
        assertInstanceOf(
            InvalidScriptException.class,
            failure(tasks.addParallelizedTaskAsync(TaskRegistration.script("broken-it.js", null))));
    assertEquals(400, invalid.status());
    assertEquals("broken-it.js", invalid.jsPath());
    assertEquals(2, invalid.line(), invalid.detail());
    assertTrue(invalid.column() > 0, invalid.detail());
  }

  @Test
  void aRegistrationsTraceparent_reachesTheTasksContext_inBothQueues() throws Exception {
    Files.writeString(
        node.scriptsDir().resolve("trace-it.js"),
        "function run() {\n  context.setResult({traceId: context.traceId});\n}\n");
    String traceId = UUID.randomUUID().toString().replace("-", "");
    TaskRegistration traced =
        TaskRegistration.scriptBuilder("trace-it.js")
            .traceparent("00-" + traceId + "-00f067aa0ba902b7-01")
            .build();
    String queueId = "it.trace." + UUID.randomUUID();
    tasks.addSerializedTaskQueue(queueId, true);

    String parallel = tasks.addParallelizedTask(traced).getMessageId();
    String serial = result(tasks.addSerializedTaskAsync(queueId, traced)).getMessageId();
    String untraced =
        tasks.addParallelizedTask(TaskRegistration.script("trace-it.js", null)).getMessageId();

    for (String id : new String[] {parallel, serial}) {
      Map<String, Object> outcome = disposed(id).getOutcome();
      assertEquals(Map.of("traceId", traceId), outcome.get("result"), outcome.toString());
    }
    Map<?, ?> none = (Map<?, ?>) disposed(untraced).getOutcome().get("result");
    assertNull(none.get("traceId"), none.toString());
  }

  private RegisteredTaskInfo disposed(String messageId) {
    return until(
        () -> tasks.getTaskInfo(messageId),
        info -> info.getState() == TaskState.DISPOSED,
        messageId + " disposed");
  }
}
