package io.ordo.deploy.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.ordo.deploy.Api;
import io.ordo.deploy.TestNode;
import io.ordo.deploy.tasks.RecordingTask;
import io.vertx.core.json.JsonObject;
import java.util.List;
import java.util.Set;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/**
 * SPEC 3.3 transition 5: only a message that has not started can be removed (WAITING, or READY on a
 * runner that prefetched it); removal is recorded, and a removed message never runs.
 */
class TaskRemovalApiTest extends NodeApiTest {

  @Test
  void removeWaitingParallelMessage_disposesItWithItsHistory() {
    setParallelActive(api, false);
    String id = registerParallel(api, task("Echo")).getString("messageId");

    Api.Reply removed = api.delete("/tasks/" + id);

    assertEquals(204, removed.status(), () -> removed.body().toString());
    JsonObject info = api.get("/tasks/" + id).json();
    assertEquals("DISPOSED", info.getString("state"));
    assertNotNull(info.getJsonObject("outcome"), info::encode);
    assertEquals("REMOVED", info.getJsonObject("outcome").getString("type"));
    assertEquals(List.of("TaskScheduled", "TaskRemoved"), historyTypes(id));
    JsonObject queue = api.get("/parallel-queue").json();
    assertEquals(0, queue.getInteger("waitingCount"));
    assertEquals(0, queue.getJsonArray("waitingTasks").size());
  }

  @Test
  void removeWaitingSerialMessage_keepsTheOthersInOrder() {
    addSerialQueue(api, "removal.q", false);
    String first = registerSerial(api, "removal.q", task("Echo")).getString("messageId");
    String middle = registerSerial(api, "removal.q", task("Echo")).getString("messageId");
    String last = registerSerial(api, "removal.q", task("Echo")).getString("messageId");

    assertEquals(204, api.delete("/tasks/" + middle + "?queue=serial").status());

    JsonObject queue = api.get("/serial-queues/removal.q").json();
    assertEquals(List.of(first, last), ids(queue.getJsonArray("waitingTasks")));
    assertEquals(2, queue.getInteger("waitingCount"));
    assertEquals("DISPOSED", api.get("/tasks/" + middle).json().getString("state"));
    assertEquals(List.of("TaskScheduled", "TaskRemoved"), historyTypes(middle));
  }

  @Test
  void removeTwice_secondTimeFails() {
    setParallelActive(api, false);
    String id = registerParallel(api, task("Echo")).getString("messageId");
    assertEquals(204, api.delete("/tasks/" + id).status());

    Api.Reply again = api.delete("/tasks/" + id);

    assertTrue(Set.of(404, 409).contains(again.status()), () -> again.body().toString());
    assertProblem(
        again, again.status(), again.status() == 404 ? "invalid_task" : "task_illegal_state");
    assertEquals(List.of("TaskScheduled", "TaskRemoved"), historyTypes(id), "removed once");
  }

  @Test
  void removeRunningMessage_isIllegalState() {
    String id =
        registerParallel(api, task("Sleep", new JsonObject().put("millis", 60_000)))
            .getString("messageId");
    awaitState(id, "RUNNING");

    assertProblem(api.delete("/tasks/" + id), 409, "task_illegal_state", "RUNNING");

    assertEquals("RUNNING", api.get("/tasks/" + id).json().getString("state"));
    api.post("/tasks/" + id + "/release", new JsonObject());
    awaitState(id, "DISPOSED");
  }

  @Test
  void removeRunningSerialMessage_isIllegalState() {
    addSerialQueue(api, "removal.running", true);
    String id =
        registerSerial(
                api, "removal.running", task("Sleep", new JsonObject().put("millis", 60_000)))
            .getString("messageId");
    awaitState(id, "RUNNING");

    assertProblem(api.delete("/tasks/" + id + "?queue=serial"), 409, "task_illegal_state");

    api.post("/tasks/" + id + "/release", new JsonObject());
    awaitState(id, "DISPOSED");
  }

  /**
   * A runner runs a task without waiting for its start to be recorded: the removal of a message it
   * prefetched must reach it, or the message would run once a thread is free.
   */
  @Test
  void removePrefetchedMessage_itsRunnerNeverRunsIt() {
    restartNode(NodeApiTest::oneThreadOnePrefetched);
    RecordingTask.reset();
    String[] taken =
        busyAndPrefetched(
            task("Sleep", new JsonObject().put("millis", 60_000)),
            task("Recording", new JsonObject().put("key", "removed")));
    String busy = taken[0];
    String prefetched = taken[1];

    assertEquals(204, api.delete("/tasks/" + prefetched).status());
    assertEquals(200, api.post("/tasks/" + busy + "/release", new JsonObject()).status());
    awaitState(busy, "DISPOSED");
    // the runner's one thread is free: what runs next is the message registered after it
    String after =
        registerParallel(api, task("Recording", new JsonObject().put("key", "after")))
            .getString("messageId");
    awaitState(after, "DISPOSED");

    assertTrue(RecordingTask.calls("after").contains("run"), RecordingTask.CALLS::toString);
    assertEquals(List.of(), RecordingTask.calls("removed"), "the removed message never ran");
    assertEquals(List.of("TaskScheduled", "TaskAccepted", "TaskRemoved"), historyTypes(prefetched));
  }

  @Test
  void removeUnknownId_isInvalidTask() {
    String unknown = UUID.randomUUID().toString();
    assertProblem(api.delete("/tasks/" + unknown), 404, "invalid_task", unknown);
    assertProblem(api.delete("/tasks/" + unknown + "?queue=parallel"), 404, "invalid_task");
    assertProblem(api.delete("/tasks/" + unknown + "?queue=serial"), 404, "invalid_task");
  }

  @Test
  void removeFromTheOtherQueueKind_isInvalidTask() {
    setParallelActive(api, false);
    addSerialQueue(api, "removal.kind", false);
    String parallel = registerParallel(api, task("Echo")).getString("messageId");
    String serial = registerSerial(api, "removal.kind", task("Echo")).getString("messageId");

    assertProblem(api.delete("/tasks/" + parallel + "?queue=serial"), 404, "invalid_task");
    assertProblem(api.delete("/tasks/" + serial + "?queue=parallel"), 404, "invalid_task");

    assertEquals("WAITING", api.get("/tasks/" + parallel).json().getString("state"));
    assertEquals("WAITING", api.get("/tasks/" + serial).json().getString("state"));
    assertEquals(204, api.delete("/tasks/" + parallel + "?queue=parallel").status());
    assertEquals(204, api.delete("/tasks/" + serial + "?queue=serial").status());
  }

  @Test
  void submitter_mayRemoveAWaitingMessage() {
    setParallelActive(api, false);
    Api submitter = api.as(TestNode.SUBMITTER);
    String id = registerParallel(submitter, task("Echo")).getString("messageId");

    assertEquals(204, submitter.delete("/tasks/" + id).status());

    assertEquals("DISPOSED", api.get("/tasks/" + id).json().getString("state"));
  }
}
