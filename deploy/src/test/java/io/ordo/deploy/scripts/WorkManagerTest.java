package io.ordo.deploy.scripts;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;

import io.ordo.deploy.Api;
import io.ordo.deploy.Tasks;
import io.ordo.deploy.TestNode;
import io.vertx.core.http.HttpMethod;
import io.vertx.core.json.JsonObject;
import org.junit.jupiter.api.Test;

/**
 * The JavaScript WorkManager's results, and serial queues of scripts. A script's WorkManager acts
 * on the script's tenant with the role of whoever registered the script: a submitter's script is
 * refused queue management ({@code forbidden}), an operator's or an admin's may manage queues.
 */
class WorkManagerTest extends ScriptNodeTest {
  @Override
  protected void reset() {
    ScriptFiles.write(
        scripts,
        "echo.js",
        "let p; function setParameter(x) { p = x; }\n"
            + "function run() { context.setResult({p: p, type: typeof p.two}); }\n");
    ScriptFiles.write(scripts, "fail.js", "function run() { throw new Error('no'); }\n");
    ScriptFiles.write(
        scripts,
        "manager.js",
        """
        function run() {
          const wm = WorkManager;
          const none = '00000000-0000-7000-8000-000000000000';
          const child = wm.addParallelizedTask('echo.js', {1: 'one', two: 2});
          context.setResult({
            child: child,
            removeUnknown: wm.removeParallelizedTask(none),
            removeUnknownSerial: wm.removeSerializedTask(none),
            addToMissingQueue: wm.addSerializedTask('missing', 'echo.js', {}, false),
            escape: wm.addParallelizedTask('../echo.js', {}),
            cycle: (() => { const o = {}; o.self = o; return wm.addParallelizedTask('echo.js', o); })(),
            addQueue: wm.addSerializedTaskQueue('wm.queue', false),
            addQueueAgain: wm.addSerializedTaskQueue('wm.queue', false),
            serial: wm.addSerializedTask('wm.queue', 'echo.js', {n: 1}, true),
            removeBusyQueue: wm.removeSerializedTaskQueue('wm.queue'),
            removeMissingQueue: wm.removeSerializedTaskQueue('none'),
            activateMissing: wm.setSerializedTaskQueueActive('none', true),
            releaseUnknown: wm.releaseRunningParallelizedTask(none, false, false),
            info: wm.getRegisteredInfo(),
          });
        }
        """);
    ScriptFiles.write(
        scripts,
        "queues.js",
        """
        let queue;
        function setParameter(p) { queue = p.queue; }
        function run() {
          const wm = WorkManager;
          context.setResult({
            addQueue: wm.addSerializedTaskQueue(queue, false),
            activate: wm.setSerializedTaskQueueActive(queue, true),
            parallel: wm.setParallelizedTaskQueueActive(true),
            addRemoved: wm.addSerializedTaskQueue(queue + '.removed', false),
            remove: wm.removeSerializedTaskQueue(queue + '.removed'),
          });
        }
        """);
  }

  @Test
  void aScriptRegisteredByAnOperator_managesQueuesOfItsTenant() {
    String id = tasks.parallelScript("queues.js", new JsonObject().put("queue", "by.operator"));
    assertManaged(tasks.await(id, "DISPOSED"), "by.operator");
  }

  @Test
  void aScriptRegisteredByAnAdmin_managesQueuesOfTheScriptsTenantOnly() {
    Api admin = api.as(TestNode.ADMIN);
    Api.Reply registered =
        admin.send(
            HttpMethod.POST,
            "/parallel-queue/tasks",
            new JsonObject()
                .put("jsPath", "queues.js")
                .put("parameter", new JsonObject().put("queue", "by.admin")),
            "Ordo-Tenant",
            "default");
    assertEquals(201, registered.status(), registered.body().toString());
    String id = registered.json().getString("messageId");

    assertManaged(tasks.await(id, "DISPOSED"), "by.admin");
    assertEquals(404, admin.get("/serial-queues/by.admin").status(), "not in the admin's tenant");
  }

  @Test
  void aScriptRegisteredByASubmitter_isForbiddenQueueManagement() {
    Tasks submitter = new Tasks(api.as(TestNode.SUBMITTER));
    String id =
        submitter.parallelScript("queues.js", new JsonObject().put("queue", "by.submitter"));
    JsonObject r = submitter.await(id, "DISPOSED").getJsonObject("outcome").getJsonObject("result");
    assertNotNull(r, id);
    for (String call : new String[] {"addQueue", "activate", "parallel", "addRemoved", "remove"}) {
      assertError(r, call, "forbidden");
    }
    assertEquals(404, api.get("/serial-queues/by.submitter").status());
  }

  /** The script's queue calls all succeeded, and their effects are seen in the script's tenant. */
  private void assertManaged(JsonObject task, String queue) {
    JsonObject r = task.getJsonObject("outcome").getJsonObject("result");
    assertNotNull(r, task.encode());
    for (String call : new String[] {"addQueue", "activate", "parallel", "addRemoved", "remove"}) {
      assertEquals(false, r.getJsonObject(call).getBoolean("error"), call + ": " + r.encode());
    }
    JsonObject created = api.get("/serial-queues/" + queue).json();
    assertEquals(true, created.getBoolean("isActive"), created.encode());
    assertEquals(404, api.get("/serial-queues/" + queue + ".removed").status());
  }

  @Test
  void theWorkManager_answersErrorMessageAndData_forEveryOutcome() {
    Tasks submitter = new Tasks(api.as(TestNode.SUBMITTER));
    String id = submitter.parallelScript("manager.js", null);
    JsonObject outcome = submitter.await(id, "DISPOSED").getJsonObject("outcome");
    JsonObject r = outcome.getJsonObject("result");
    assertNotNull(r, outcome.encode());

    JsonObject child = r.getJsonObject("child");
    assertEquals(false, child.getBoolean("error"), child.encode());
    JsonObject echoed =
        tasks
            .await(child.getString("data"), "DISPOSED")
            .getJsonObject("outcome")
            .getJsonObject("result");
    assertEquals("one", echoed.getJsonObject("p").getString("1"), "integer keys arrive as strings");
    assertEquals("number", echoed.getString("type"));

    assertError(r, "removeUnknown", "invalid_task");
    assertError(r, "removeUnknownSerial", "invalid_task");
    assertError(r, "addToMissingQueue", "queue_not_found");
    assertError(r, "escape", "unknown_task_type");
    assertError(r, "cycle", "invalid_parameter");
    assertError(r, "activateMissing", "forbidden");
    assertError(r, "releaseUnknown", "forbidden");
    assertError(r, "removeBusyQueue", "forbidden");
    assertError(r, "addQueue", "forbidden");
    assertEquals(false, r.getJsonObject("info").getBoolean("error"));
    assertNotNull(
        r.getJsonObject("info").getJsonObject("data").getJsonObject("parallelizedTasksInfo"));
  }

  private static void assertError(JsonObject results, String name, String code) {
    JsonObject result = results.getJsonObject(name);
    assertEquals(true, result.getBoolean("error"), name + ": " + result.encode());
    assertEquals(code, result.getString("errorCode"), name + ": " + result.encode());
    assertNotNull(result.getString("errorMessage"), name);
  }

  @Test
  void aFailingScript_withStopProgressOnError_stopsItsSerialQueue() {
    tasks.addSerialQueue("scripts", true);
    String failing = serialScript("fail.js", true);
    String next = serialScript("echo.js", false);

    JsonObject failed = tasks.await(failing, "DISPOSED");
    assertEquals("FAILED", failed.getJsonObject("outcome").getString("type"));
    assertEquals("Error", failed.getJsonObject("outcome").getString("error"));
    JsonObject queue = api.get("/serial-queues/scripts").json();
    assertEquals(false, queue.getBoolean("isActive"), queue.encode());
    assertEquals("WAITING", api.get("/tasks/" + next).json().getString("state"));
  }

  private String serialScript(String jsPath, boolean stop) {
    var reply =
        api.post(
            "/serial-queues/scripts/tasks",
            new JsonObject()
                .put("jsPath", jsPath)
                .put("parameter", new JsonObject().put("two", 2))
                .put("stopProgressOnError", stop));
    assertEquals(201, reply.status(), reply.body().toString());
    return reply.json().getString("messageId");
  }
}
