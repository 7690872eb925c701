package io.ordo.deploy.client;

import static io.ordo.deploy.client.ClientFixture.SLEEP_UNTIL_RELEASED;
import static io.ordo.deploy.client.ClientFixture.await;
import static io.ordo.deploy.client.ClientFixture.eventually;
import static io.ordo.deploy.client.ClientFixture.failure;
import static io.ordo.deploy.client.ClientFixture.running;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.ordo.InvalidTaskException;
import io.ordo.client.TaskManager;
import io.ordo.client.report.BlockedDetails;
import io.ordo.client.report.RegisteredInfo;
import io.ordo.client.report.RegisteredParallelizedTaskInfo;
import io.ordo.client.report.RegisteredParallelizedTaskQueueInfo;
import io.ordo.client.report.RegisteredSerializedTaskInfo;
import io.ordo.client.report.RegisteredSerializedTaskQueueInfo;
import io.ordo.client.report.RegisteredTaskInfo;
import io.ordo.deploy.client.ClientFixture.Transport;
import io.ordo.model.TaskInfo;
import io.ordo.model.TaskState;
import io.vertx.core.Future;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** The status snapshot and task infos through the client, over HTTP and the event bus. */
class RegisteredInfoTest {
  private static final String ACTIVE = "com.example.active";
  private static final String INACTIVE = "com.example.inactive";
  private ClientFixture fixture;

  @BeforeEach
  void start() {
    fixture = ClientFixture.start();
  }

  @AfterEach
  void stop() {
    fixture.close();
  }

  private static List<String> ids(List<? extends RegisteredTaskInfo> infos) {
    return infos.stream().map(RegisteredTaskInfo::getMessageId).toList();
  }

  @ParameterizedTest
  @EnumSource(Transport.class)
  void snapshot_showsEveryQueue_itsWaitingOrder_andItsRunningTasks(Transport transport) {
    TaskManager manager = fixture.manager(transport);
    manager.addSerializedTaskQueue(ACTIVE, true);
    manager.addSerializedTaskQueue(INACTIVE, false);
    String parallelRunning =
        manager.addParallelizedTask("Sleep", SLEEP_UNTIL_RELEASED).getMessageId();
    running(manager, parallelRunning);
    manager.setParallelizedTaskQueueActive(false);
    List<String> parallelWaiting = new ArrayList<>();
    for (int i = 0; i < 3; i++) {
      parallelWaiting.add(manager.addParallelizedTask("Echo", Map.of("i", i)).getMessageId());
    }
    String serialRunning =
        manager.addSerializedTask(ACTIVE, "Sleep", SLEEP_UNTIL_RELEASED, true).getMessageId();
    running(manager, serialRunning);
    String behindRunning = manager.addSerializedTask(ACTIVE, "Echo", null, false).getMessageId();
    String inactive1 = manager.addSerializedTask(INACTIVE, "Echo", null, false).getMessageId();
    String inactive2 = manager.addSerializedTask(INACTIVE, "Echo", null, true).getMessageId();

    RegisteredInfo snapshot = manager.getRegisteredInfo();

    RegisteredParallelizedTaskQueueInfo parallel = snapshot.getParallelizedTaskQueueInfo();
    assertFalse(parallel.isActive());
    assertEquals(parallelWaiting, ids(parallel.getWaitingTasksInfo()));
    assertEquals(3, parallel.getWaitingCount());
    assertEquals("INACTIVE", parallel.getBlockedReason());
    assertNull(parallel.getBlockedDetails().messageId(), "an inactive queue names no message");
    assertEquals(List.of(), parallel.getBlockedDetails().taskClassNames());
    assertEquals(1, parallel.getRunningCount());
    RegisteredParallelizedTaskInfo run = parallel.getRunningTasksInfo().iterator().next();
    assertEquals(parallelRunning, run.getMessageId());
    assertRunningOnTheTestNode(run);
    for (RegisteredParallelizedTaskInfo waiting : parallel.getWaitingTasksInfo()) {
      assertEquals(TaskState.WAITING, waiting.getState());
      assertNull(waiting.getNode());
      assertEquals(RegisteredTaskInfo.UNALLOCATED_TIMESTAMP, waiting.getStartTimeInMillis());
    }
    assertEquals(
        List.of(0, 1, 2),
        parallel.getWaitingTasksInfo().stream()
            .map(info -> ((Number) info.getParameter().get("i")).intValue())
            .toList());

    Map<String, RegisteredSerializedTaskQueueInfo> serial = snapshot.getSerializedTaskQueuesInfo();
    assertEquals(Set.of(ACTIVE, INACTIVE), serial.keySet());
    RegisteredSerializedTaskQueueInfo active = serial.get(ACTIVE);
    assertTrue(active.isActive());
    assertEquals(ACTIVE, active.getQueueId());
    assertEquals(List.of(behindRunning), ids(active.getWaitingTasksInfo()));
    assertEquals("HEAD_IN_PROGRESS", active.getBlockedReason());
    RegisteredSerializedTaskInfo serialRun = active.getRunningTaskInfo();
    assertEquals(serialRunning, serialRun.getMessageId());
    BlockedDetails head = active.getBlockedDetails();
    assertEquals(serialRunning, head.messageId());
    assertEquals(TaskState.RUNNING, head.state());
    assertEquals(serialRun.getNode(), head.node());
    assertTrue(head.heartbeatAgeSeconds() >= 0, "the head's heartbeat age");
    assertEquals(ACTIVE, serialRun.getQueueId());
    assertTrue(serialRun.isStoppingProgressOnError());
    assertRunningOnTheTestNode(serialRun);

    RegisteredSerializedTaskQueueInfo idle = serial.get(INACTIVE);
    assertFalse(idle.isActive());
    assertEquals(List.of(inactive1, inactive2), ids(idle.getWaitingTasksInfo()));
    assertEquals(
        List.of(false, true),
        idle.getWaitingTasksInfo().stream()
            .map(RegisteredSerializedTaskInfo::isStoppingProgressOnError)
            .toList());
    assertNull(idle.getRunningTaskInfo());

    RegisteredInfo async = await(manager.getRegisteredInfoAsync());
    assertEquals(
        parallel.getWaitingTasksInfo(), async.getParallelizedTaskQueueInfo().getWaitingTasksInfo());
    assertEquals(
        idle.getWaitingTasksInfo(),
        async.getSerializedTaskQueuesInfo().get(INACTIVE).getWaitingTasksInfo());

    manager.releaseRunningParallelizedTask(parallelRunning, false, false);
    manager.releaseRunningSerializedTask(serialRunning, false, false);
  }

  private static void assertRunningOnTheTestNode(RegisteredTaskInfo info) {
    assertEquals(TaskState.RUNNING, info.getState());
    assertEquals("test-node", info.getNode());
    assertNotNull(info.getAcceptTime());
    assertNotNull(info.getStartTime());
    assertTrue(info.getReceivedTimeInMillis() <= info.getAcceptTimeInMillis());
    assertTrue(info.getAcceptTimeInMillis() <= info.getStartTimeInMillis());
    assertEquals(info.getStartTimeInMillis(), info.getStartTime().getTimeInMillis());
  }

  @ParameterizedTest
  @EnumSource(Transport.class)
  void snapshot_listsMoreThanTheApisDefaultPage(Transport transport) {
    TaskManager manager = fixture.manager(transport);
    manager.setParallelizedTaskQueueActive(false);
    List<Future<String>> registered = new ArrayList<>();
    for (int i = 0; i < 150; i++) {
      registered.add(
          manager.addParallelizedTaskAsync("Echo", Map.of("i", i)).map(m -> m.getMessageId()));
    }
    Set<String> expected =
        registered.stream().map(ClientFixture::await).collect(Collectors.toSet());

    RegisteredParallelizedTaskQueueInfo parallel =
        manager.getRegisteredInfo().getParallelizedTaskQueueInfo();

    assertEquals(150, parallel.getWaitingCount());
    assertEquals(expected, Set.copyOf(ids(parallel.getWaitingTasksInfo())));
  }

  @ParameterizedTest
  @EnumSource(Transport.class)
  void getTaskInfo_followsAMessageToItsEnd(Transport transport) {
    TaskManager manager = fixture.manager(transport);
    String id = manager.addParallelizedTask("Echo", Map.of("x", "y")).getMessageId();

    TaskInfo done =
        eventually(
            () -> await(manager.getTaskInfoAsync(id)),
            info -> info.state() == TaskState.DISPOSED,
            "the Echo task done");

    assertEquals("io.ordo.samples.EchoTask", done.taskClassName());
    assertEquals("test-node", done.node());
    assertEquals(1, done.attempt());
    assertEquals("y", done.outcome().getJsonObject("result").getString("x"));
    assertThrows(
        InvalidTaskException.class,
        () -> manager.getTaskInfo("0190a000-0000-7000-8000-00000000abcd"));
    failure(InvalidTaskException.class, manager.getTaskInfoAsync("not-an-id"));
  }
}
