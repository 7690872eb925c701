package io.ordo.deploy.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.ordo.deploy.Api;
import io.ordo.deploy.GoneTaskTypes;
import io.ordo.deploy.TestNode;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * SPEC 8: the status snapshot ({@code GET /status}), the queue infos, their limits and order, and
 * why nothing runs although something waits ({@code blockedReason}).
 */
class QueueInfoApiTest extends NodeApiTest {
  private static final String GONE_TYPE = "com.example.GoneTask";

  @Test
  void statusSnapshot_showsBothQueueKinds() {
    setParallelActive(api, false);
    addSerialQueue(api, "status.held", false);
    addSerialQueue(api, "status.empty", true);
    List<String> parallel = registerEchoes("/parallel-queue/tasks", 3);
    List<String> serial = registerEchoes("/serial-queues/status.held/tasks", 2);

    Api.Reply reply = api.get("/status");

    assertEquals(200, reply.status(), () -> reply.body().toString());
    JsonObject status = reply.json();
    JsonObject p = status.getJsonObject("parallelizedTasksInfo");
    assertEquals(false, p.getBoolean("isActive"));
    assertEquals(3, p.getInteger("waitingCount"));
    assertEquals(0, p.getInteger("runningCount"));
    assertEquals(parallel, ids(p.getJsonArray("waitingTasks")));
    assertEquals(new JsonArray(), p.getJsonArray("runningTasks"));
    JsonObject serialQueues = status.getJsonObject("serializedTasksInfo");
    assertEquals(2, serialQueues.size(), serialQueues::encode);
    JsonObject held = serialQueues.getJsonObject("status.held");
    assertEquals("status.held", held.getString("queueId"));
    assertEquals(false, held.getBoolean("isActive"));
    assertEquals(2, held.getInteger("waitingCount"));
    assertEquals(serial, ids(held.getJsonArray("waitingTasks")));
    assertNull(held.getValue("runningTask"));
    JsonObject empty = serialQueues.getJsonObject("status.empty");
    assertEquals(true, empty.getBoolean("isActive"));
    assertEquals(0, empty.getInteger("waitingCount"));
    assertEquals(new JsonArray(), empty.getJsonArray("waitingTasks"));
    JsonObject firstWaiting = held.getJsonArray("waitingTasks").getJsonObject(0);
    assertEquals("serial", firstWaiting.getString("queue"));
    assertEquals("status.held", firstWaiting.getString("queueId"));
    assertEquals("WAITING", firstWaiting.getString("state"));
  }

  @Test
  void limit_cutsTheListsButNotTheCounts() {
    setParallelActive(api, false);
    addSerialQueue(api, "limit.q", false);
    List<String> parallel = registerEchoes("/parallel-queue/tasks", 5);
    List<String> serial = registerEchoes("/serial-queues/limit.q/tasks", 5);

    JsonObject p = api.get("/parallel-queue?limit=2").json();
    assertEquals(parallel.subList(0, 2), ids(p.getJsonArray("waitingTasks")));
    assertEquals(5, p.getInteger("waitingCount"));
    JsonObject s = api.get("/serial-queues/limit.q?limit=3").json();
    assertEquals(serial.subList(0, 3), ids(s.getJsonArray("waitingTasks")));
    assertEquals(5, s.getInteger("waitingCount"));
    JsonObject status = api.get("/status?limit=1").json();
    assertEquals(
        parallel.subList(0, 1),
        ids(status.getJsonObject("parallelizedTasksInfo").getJsonArray("waitingTasks")));
    JsonObject limited = status.getJsonObject("serializedTasksInfo").getJsonObject("limit.q");
    assertEquals(serial.subList(0, 1), ids(limited.getJsonArray("waitingTasks")));
    assertEquals(5, limited.getInteger("waitingCount"));
    assertEquals(
        parallel, ids(api.get("/parallel-queue?limit=1000").json().getJsonArray("waitingTasks")));
  }

  @Test
  void limit_defaultsTo100() {
    setParallelActive(api, false);
    List<String> parallel = registerEchoes("/parallel-queue/tasks", 105);
    JsonObject p = api.get("/parallel-queue").json();
    assertEquals(parallel.subList(0, 100), ids(p.getJsonArray("waitingTasks")));
    assertEquals(105, p.getInteger("waitingCount"));
  }

  @Test
  void runningTasks_areListedWithTheirRunner() {
    String sleeping =
        registerParallel(api, task("Sleep", new JsonObject().put("millis", 60_000)))
            .getString("messageId");
    awaitState(sleeping, "RUNNING");

    JsonObject p = api.get("/parallel-queue").json();

    assertEquals(1, p.getInteger("runningCount"));
    assertEquals(0, p.getInteger("waitingCount"));
    JsonObject running = p.getJsonArray("runningTasks").getJsonObject(0);
    assertEquals(sleeping, running.getString("messageId"));
    assertEquals("RUNNING", running.getString("state"));
    assertEquals("test-node", running.getString("node"));
    assertNotNull(running.getString("acceptTime"));
    assertNotNull(running.getString("startTime"));
    assertEquals(1, running.getInteger("attempt"));
    assertNull(p.getValue("blockedReason"), "nothing waits");
    api.post("/tasks/" + sleeping + "/release", new JsonObject());
    awaitState(sleeping, "DISPOSED");
  }

  @Test
  void blockedReason_inactive() {
    setParallelActive(api, false);
    addSerialQueue(api, "blocked.inactive", false);
    assertNull(api.get("/parallel-queue").json().getValue("blockedReason"), "nothing waits yet");
    assertNull(api.get("/serial-queues/blocked.inactive").json().getValue("blockedReason"));

    registerParallel(api, task("Echo"));
    registerSerial(api, "blocked.inactive", task("Echo"));

    assertEquals("INACTIVE", api.get("/parallel-queue").json().getString("blockedReason"));
    assertEquals(
        "INACTIVE", api.get("/serial-queues/blocked.inactive").json().getString("blockedReason"));
    JsonObject status = api.get("/status").json();
    assertEquals(
        "INACTIVE", status.getJsonObject("parallelizedTasksInfo").getString("blockedReason"));
    assertEquals(
        "INACTIVE",
        status
            .getJsonObject("serializedTasksInfo")
            .getJsonObject("blocked.inactive")
            .getString("blockedReason"));
    JsonObject listed = api.get("/serial-queues").array().getJsonObject(0);
    assertEquals("INACTIVE", listed.getString("blockedReason"));
  }

  @Test
  void blockedReason_nullWhenNothingWaits() {
    addSerialQueue(api, "blocked.idle", true);
    String done = registerSerial(api, "blocked.idle", task("Echo")).getString("messageId");
    awaitState(done, "DISPOSED");
    JsonObject queue = api.get("/serial-queues/blocked.idle").json();
    assertTrue(queue.containsKey("blockedReason"), queue::encode);
    assertNull(queue.getValue("blockedReason"));
    assertNull(api.get("/parallel-queue").json().getValue("blockedReason"));
  }

  @Test
  void blockedReason_stoppedOnError_namesTheFailedMessage() {
    addSerialQueue(api, "blocked.error", true);
    String failing =
        registerSerial(
                api,
                "blocked.error",
                task("Fail", new JsonObject().put("message", "boom"))
                    .put("stopProgressOnError", true))
            .getString("messageId");
    String next = registerSerial(api, "blocked.error", task("Echo")).getString("messageId");

    JsonObject failed = awaitState(failing, "DISPOSED");
    JsonObject queue =
        api.await(
                "/serial-queues/blocked.error",
                r -> Boolean.FALSE.equals(r.json().getBoolean("isActive")),
                WAIT)
            .json();

    assertEquals("FAILED", failed.getJsonObject("outcome").getString("type"), failed::encode);
    assertEquals("STOPPED_ON_ERROR", queue.getString("blockedReason"), queue::encode);
    assertEquals(failing, queue.getJsonObject("blockedDetails").getString("messageId"));
    assertEquals(List.of(next), ids(queue.getJsonArray("waitingTasks")));
    assertEquals("WAITING", api.get("/tasks/" + next).json().getString("state"));
    List<String> history = historyTypes(failing);
    assertTrue(history.contains("TaskFailed"), history::toString);
    assertTrue(history.contains("QueueDeactivated"), history::toString);

    setSerialActive(api, "blocked.error", true);
    awaitState(next, "DISPOSED");
    assertNull(api.get("/serial-queues/blocked.error").json().getValue("blockedReason"));
  }

  @Test
  void failureWithoutStopProgressOnError_leavesTheQueueActive() {
    addSerialQueue(api, "blocked.notstopped", true);
    String failing =
        registerSerial(
                api, "blocked.notstopped", task("Fail", new JsonObject().put("message", "boom")))
            .getString("messageId");
    String next = registerSerial(api, "blocked.notstopped", task("Echo")).getString("messageId");

    awaitState(next, "DISPOSED");

    assertEquals(
        "FAILED", api.get("/tasks/" + failing).json().getJsonObject("outcome").getString("type"));
    assertEquals(true, api.get("/serial-queues/blocked.notstopped").json().getBoolean("isActive"));
  }

  @Test
  void blockedReason_headInProgress() {
    addSerialQueue(api, "blocked.head", true);
    String sleeping =
        registerSerial(api, "blocked.head", task("Sleep", new JsonObject().put("millis", 60_000)))
            .getString("messageId");
    String next = registerSerial(api, "blocked.head", task("Echo")).getString("messageId");
    awaitState(sleeping, "RUNNING");

    JsonObject queue = api.get("/serial-queues/blocked.head").json();

    assertEquals("HEAD_IN_PROGRESS", queue.getString("blockedReason"), queue::encode);
    JsonObject details = queue.getJsonObject("blockedDetails");
    assertEquals(sleeping, details.getString("messageId"), queue::encode);
    assertEquals("test-node", details.getString("node"), queue::encode);
    assertTrue(details.containsKey("heartbeatAgeSeconds"), queue::encode);
    assertEquals(sleeping, queue.getJsonObject("runningTask").getString("messageId"));
    assertEquals(List.of(next), ids(queue.getJsonArray("waitingTasks")));
    assertEquals(
        "HEAD_IN_PROGRESS",
        api.get("/status")
            .json()
            .getJsonObject("serializedTasksInfo")
            .getJsonObject("blocked.head")
            .getString("blockedReason"));

    assertEquals(200, api.post("/tasks/" + sleeping + "/release", new JsonObject()).status());
    awaitState(next, "DISPOSED");
  }

  @Test
  void blockedReason_noRunner() {
    // The runner of the first node has published the task types; a node without one takes over.
    restartNode(TestNode::startWithoutRunner);
    addSerialQueue(api, "blocked.norunner", true);
    String parallel = registerParallel(api, task("Echo")).getString("messageId");
    String serial = registerSerial(api, "blocked.norunner", task("Echo")).getString("messageId");

    JsonObject p = api.get("/parallel-queue").json();
    JsonObject s = api.get("/serial-queues/blocked.norunner").json();

    assertEquals("NO_RUNNER", p.getString("blockedReason"), p::encode);
    assertEquals("NO_RUNNER", s.getString("blockedReason"), s::encode);
    assertEquals(
        "NO_RUNNER",
        api.get("/status")
            .json()
            .getJsonObject("parallelizedTasksInfo")
            .getString("blockedReason"));
    assertEquals("WAITING", api.get("/tasks/" + parallel).json().getString("state"));
    assertEquals("WAITING", api.get("/tasks/" + serial).json().getString("state"));
  }

  @Test
  void blockedReason_noRunnerOfTheTaskType_whileRunnersOfOtherTypesLive() {
    // A runner elsewhere in the farm published a type and is gone; the live runner does not run it.
    GoneTaskTypes.publish(GONE_TYPE);
    restartNode(TestNode::start);
    addSerialQueue(api, "blocked.gone", true);
    String parallel = registerParallel(api, task(GONE_TYPE)).getString("messageId");
    String head = registerSerial(api, "blocked.gone", task(GONE_TYPE)).getString("messageId");
    String behind = registerSerial(api, "blocked.gone", task("Echo")).getString("messageId");
    // a runnable type in the same parallel queue runs past it
    String echo = registerParallel(api, task("Echo")).getString("messageId");
    awaitState(echo, "DISPOSED");

    JsonObject p = api.get("/parallel-queue").json();
    JsonObject s = api.get("/serial-queues/blocked.gone").json();
    JsonObject status = api.get("/status").json();

    assertEquals("NO_RUNNER", p.getString("blockedReason"), p::encode);
    assertEquals(
        new JsonObject().put("taskClassNames", new JsonArray().add(GONE_TYPE)),
        p.getJsonObject("blockedDetails"));
    assertEquals(
        new JsonArray().add(GONE_TYPE), p.getJsonArray("taskClassNamesWithoutRunner"), p::encode);
    assertFalse(s.containsKey("taskClassNamesWithoutRunner"), s::encode);
    assertEquals("NO_RUNNER", s.getString("blockedReason"), s::encode);
    assertEquals(
        new JsonObject().put("messageId", head).put("taskClassName", GONE_TYPE),
        s.getJsonObject("blockedDetails"));
    assertEquals(
        "NO_RUNNER",
        status.getJsonObject("parallelizedTasksInfo").getString("blockedReason"),
        status::encode);
    assertEquals(
        "NO_RUNNER",
        status
            .getJsonObject("serializedTasksInfo")
            .getJsonObject("blocked.gone")
            .getString("blockedReason"),
        status::encode);
    JsonObject listed = api.get("/serial-queues").array().getJsonObject(0);
    assertEquals(GONE_TYPE, listed.getJsonObject("blockedDetails").getString("taskClassName"));
    assertEquals("WAITING", api.get("/tasks/" + parallel).json().getString("state"));
    assertEquals("WAITING", api.get("/tasks/" + behind).json().getString("state"));

    // The operator removes the head nothing can run: the message behind it runs.
    assertEquals(204, api.delete("/tasks/" + head + "?queue=serial").status());
    awaitState(behind, "DISPOSED");
    assertNull(api.get("/serial-queues/blocked.gone").json().getValue("blockedReason"));
  }

  /**
   * A parallel queue in which some waiting messages can run is not blocked for the type no live
   * runner runs, but its info names that type: messages of it wait for a runner that may never
   * come.
   */
  @Test
  void taskClassNamesWithoutRunner_namesAGoneTypeInAParallelQueueThatIsNotBlockedForIt() {
    GoneTaskTypes.publish(GONE_TYPE);
    restartNode(NodeApiTest::oneThreadOnePrefetched);
    String[] taken =
        busyAndPrefetched(task("Sleep", new JsonObject().put("millis", 60_000)), task("Echo"));
    String gone = registerParallel(api, task(GONE_TYPE)).getString("messageId");
    String echo = registerParallel(api, task("Echo")).getString("messageId");

    JsonObject p = api.get("/parallel-queue").json();
    assertEquals("NO_CAPACITY", p.getString("blockedReason"), p::encode);
    assertEquals(List.of(gone, echo), ids(p.getJsonArray("waitingTasks")));
    assertEquals(
        new JsonArray().add(GONE_TYPE), p.getJsonArray("taskClassNamesWithoutRunner"), p::encode);
    JsonObject status = api.get("/status").json().getJsonObject("parallelizedTasksInfo");
    assertEquals(
        new JsonArray().add(GONE_TYPE),
        status.getJsonArray("taskClassNamesWithoutRunner"),
        status::encode);

    // The runnable ones run; what is left waits for a runner of its type.
    assertEquals(200, api.post("/tasks/" + taken[0] + "/release", new JsonObject()).status());
    awaitState(echo, "DISPOSED");
    JsonObject left = api.get("/parallel-queue").json();
    assertEquals("NO_RUNNER", left.getString("blockedReason"), left::encode);
    assertEquals(
        new JsonArray().add(GONE_TYPE),
        left.getJsonArray("taskClassNamesWithoutRunner"),
        left::encode);

    // Removed, nothing waits without a runner.
    assertEquals(204, api.delete("/tasks/" + gone + "?queue=parallel").status());
    JsonObject empty = api.get("/parallel-queue").json();
    assertEquals(new JsonArray(), empty.getJsonArray("taskClassNamesWithoutRunner"), empty::encode);
    assertNull(empty.getValue("blockedReason"), empty::encode);
  }

  @Test
  void blockedReason_noCapacity_whileEveryRunnerSlotAndItsPrefetchRoomIsTaken() {
    restartNode(NodeApiTest::oneThreadOnePrefetched);
    // The runner takes one message beyond its thread: accepted (READY on its node), not started.
    String[] taken =
        busyAndPrefetched(task("Sleep", new JsonObject().put("millis", 60_000)), task("Echo"));
    String busy = taken[0];
    String prefetched = taken[1];
    String waiting = registerParallel(api, task("Echo")).getString("messageId");

    JsonObject p = api.get("/parallel-queue").json();
    assertEquals("NO_CAPACITY", p.getString("blockedReason"), p::encode);
    assertEquals(List.of(waiting), ids(p.getJsonArray("waitingTasks")));
    JsonObject held = api.get("/tasks/" + prefetched).json();
    assertEquals("READY", held.getString("state"), held::encode);
    assertEquals("test-node", held.getString("node"), held::encode);
    assertNull(held.getString("startTime"), held::encode);

    assertEquals(200, api.post("/tasks/" + busy + "/release", new JsonObject()).status());
    awaitState(prefetched, "DISPOSED");
    awaitState(waiting, "DISPOSED");
  }

  /**
   * A runner whose task holds its only thread for a second prefetches nothing, and reports that
   * room with its next lease renewal: a message that waits meanwhile is blocked for capacity, not
   * shown as unblocked while no runner would take it.
   */
  @Test
  void blockedReason_noCapacity_whileTheOnlyThreadHoldsALongTask_andNothingIsPrefetched() {
    restartNode(() -> TestNode.start(TestNode.environment("ORDO_MAX_THREADS", "1")));
    String busy =
        registerParallel(api, task("Sleep", new JsonObject().put("millis", 60_000)))
            .getString("messageId");
    awaitState(busy, "RUNNING");
    api.await(
        "/runners",
        r -> r.status() == 200 && r.array().getJsonObject(0).getInteger("capacity") == 1,
        WAIT);
    String waiting = registerParallel(api, task("Echo")).getString("messageId");

    JsonObject p = api.get("/parallel-queue").json();
    assertEquals("NO_CAPACITY", p.getString("blockedReason"), p::encode);
    assertEquals(List.of(waiting), ids(p.getJsonArray("waitingTasks")));
    assertEquals("WAITING", api.get("/tasks/" + waiting).json().getString("state"));

    assertEquals(200, api.post("/tasks/" + busy + "/release", new JsonObject()).status());
    awaitState(waiting, "DISPOSED");
  }

  /**
   * A serial head takes only a free thread (it must not wait behind another task): while the only
   * thread is busy its queue is blocked for capacity, although the runner still reports prefetch
   * room (which parallel messages would take). The renewal period is long, so that the runner's
   * report is the idle one it made when it joined.
   */
  @Test
  void blockedReason_noCapacity_forASerialHeadWhileEveryThreadIsBusy_despitePrefetchRoom() {
    restartNode(
        () -> {
          Map<String, String> env = oneThreadOnePrefetchedEnvironment();
          env.put("ORDO_LOCK_LEASE", "60");
          env.put("ORDO_LOCK_RENEWAL_PERIOD", "30");
          return TestNode.start(env);
        });
    String busy =
        registerParallel(api, task("Sleep", new JsonObject().put("millis", 60_000)))
            .getString("messageId");
    awaitState(busy, "RUNNING");
    addSerialQueue(api, "blocked.nothread", true);
    String head = registerSerial(api, "blocked.nothread", task("Echo")).getString("messageId");

    JsonObject queue = api.get("/serial-queues/blocked.nothread").json();
    JsonObject runner = api.get("/runners").array().getJsonObject(0);

    assertEquals("NO_CAPACITY", queue.getString("blockedReason"), queue::encode);
    assertEquals(List.of(head), ids(queue.getJsonArray("waitingTasks")));
    // read after the queue's info: the room it was judged with still counted the prefetch room
    assertEquals(2, runner.getInteger("capacity"), runner::encode);
    assertEquals(1, runner.getInteger("maxThreads"), runner::encode);

    assertEquals(200, api.post("/tasks/" + busy + "/release", new JsonObject()).status());
    awaitState(head, "DISPOSED");
    assertNull(api.get("/serial-queues/blocked.nothread").json().getValue("blockedReason"));
  }
}
