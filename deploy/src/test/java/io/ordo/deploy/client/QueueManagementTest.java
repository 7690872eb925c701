package io.ordo.deploy.client;

import static io.ordo.deploy.client.ClientFixture.SLEEP_UNTIL_RELEASED;
import static io.ordo.deploy.client.ClientFixture.await;
import static io.ordo.deploy.client.ClientFixture.eventually;
import static io.ordo.deploy.client.ClientFixture.failure;
import static io.ordo.deploy.client.ClientFixture.running;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.ordo.ErrorCode;
import io.ordo.TaskControlException;
import io.ordo.TaskQueueIllegalStateException;
import io.ordo.client.TaskManager;
import io.ordo.client.report.RegisteredSerializedTaskQueueInfo;
import io.ordo.deploy.client.ClientFixture.Transport;
import io.ordo.model.TaskState;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** Adding, removing, activating queues through the client, over HTTP and the event bus. */
class QueueManagementTest {
  private static final String QUEUE = "com.example.billing";
  private ClientFixture fixture;

  @BeforeEach
  void start() {
    fixture = ClientFixture.start();
  }

  @AfterEach
  void stop() {
    fixture.close();
  }

  private static RegisteredSerializedTaskQueueInfo queue(TaskManager manager, String queueId) {
    return manager.getRegisteredInfo().getSerializedTaskQueuesInfo().get(queueId);
  }

  @ParameterizedTest
  @EnumSource(Transport.class)
  void addSerializedTaskQueue_isFalseForAnExistingId_andLeavesItUnchanged(Transport transport) {
    TaskManager manager = fixture.manager(transport);

    assertTrue(manager.addSerializedTaskQueue(QUEUE, false));
    assertFalse(manager.addSerializedTaskQueue(QUEUE, true));
    assertFalse(await(manager.addSerializedTaskQueueAsync(QUEUE, true)));
    assertTrue(await(manager.addSerializedTaskQueueAsync("com.example.other", true)));

    assertFalse(queue(manager, QUEUE).isActive());
    assertTrue(queue(manager, "com.example.other").isActive());
    assertEquals(2, manager.getRegisteredInfo().getSerializedTaskQueuesInfo().size());
  }

  @ParameterizedTest
  @EnumSource(Transport.class)
  void removeSerializedTaskQueue_isTrueOnce_thenFalse(Transport transport) {
    TaskManager manager = fixture.manager(transport);
    manager.addSerializedTaskQueue(QUEUE, true);
    manager.addSerializedTaskQueue("com.example.other", true);

    assertTrue(manager.removeSerializedTaskQueue(QUEUE));
    assertFalse(manager.removeSerializedTaskQueue(QUEUE));
    assertTrue(await(manager.removeSerializedTaskQueueAsync("com.example.other")));
    assertFalse(await(manager.removeSerializedTaskQueueAsync("com.example.never")));

    assertTrue(manager.getRegisteredInfo().getSerializedTaskQueuesInfo().isEmpty());
    assertThrows(
        TaskControlException.class, () -> manager.addSerializedTask(QUEUE, "Echo", null, false));
  }

  @ParameterizedTest
  @EnumSource(Transport.class)
  void removeSerializedTaskQueue_refusesAQueueHoldingMessages(Transport transport) {
    TaskManager manager = fixture.manager(transport);
    manager.addSerializedTaskQueue(QUEUE, false);
    String waiting = manager.addSerializedTask(QUEUE, "Echo", null, false).getMessageId();

    assertThrows(
        TaskQueueIllegalStateException.class, () -> manager.removeSerializedTaskQueue(QUEUE));
    TaskQueueIllegalStateException async =
        failure(
            TaskQueueIllegalStateException.class, manager.removeSerializedTaskQueueAsync(QUEUE));
    assertEquals(QUEUE, async.details().getString("queueId"));
    assertEquals(1, queue(manager, QUEUE).getWaitingCount());

    assertTrue(manager.removeSerializedTask(waiting));
    assertTrue(manager.removeSerializedTaskQueue(QUEUE));
  }

  @ParameterizedTest
  @EnumSource(Transport.class)
  void removeSerializedTaskQueue_refusesAQueueWithATaskInProgress(Transport transport) {
    TaskManager manager = fixture.manager(transport);
    manager.addSerializedTaskQueue(QUEUE, true);
    String sleeping =
        manager.addSerializedTask(QUEUE, "Sleep", SLEEP_UNTIL_RELEASED, false).getMessageId();
    running(manager, sleeping);

    assertThrows(
        TaskQueueIllegalStateException.class, () -> manager.removeSerializedTaskQueue(QUEUE));
    failure(TaskQueueIllegalStateException.class, manager.removeSerializedTaskQueueAsync(QUEUE));

    manager.releaseRunningSerializedTask(sleeping, false, false);
    assertTrue(manager.removeSerializedTaskQueue(QUEUE));
  }

  @ParameterizedTest
  @EnumSource(Transport.class)
  void setSerializedTaskQueueActive_startsAndStopsSelection(Transport transport) {
    TaskManager manager = fixture.manager(transport);
    manager.addSerializedTaskQueue(QUEUE, false);
    String id = manager.addSerializedTask(QUEUE, "Echo", Map.of(), false).getMessageId();
    assertEquals("INACTIVE", queue(manager, QUEUE).getBlockedReason());

    manager.setSerializedTaskQueueActive(QUEUE, true);
    assertTrue(queue(manager, QUEUE).isActive());
    eventually(
        () -> manager.getTaskInfo(id),
        info -> info.state() == TaskState.DISPOSED,
        "the message of the activated queue ran");

    await(manager.setSerializedTaskQueueActiveAsync(QUEUE, false));
    assertFalse(queue(manager, QUEUE).isActive());
  }

  @ParameterizedTest
  @EnumSource(Transport.class)
  void setSerializedTaskQueueActive_onAnUnknownQueue_isQueueNotFound(Transport transport) {
    TaskManager manager = fixture.manager(transport);
    TaskControlException blocking =
        assertThrows(
            TaskControlException.class,
            () -> manager.setSerializedTaskQueueActive("com.example.none", true));
    assertEquals(ErrorCode.QUEUE_NOT_FOUND, blocking.code());
    assertEquals(
        ErrorCode.QUEUE_NOT_FOUND,
        failure(
                TaskControlException.class,
                manager.setSerializedTaskQueueActiveAsync("com.example.none", false))
            .code());
  }

  @ParameterizedTest
  @EnumSource(Transport.class)
  void setParallelizedTaskQueueActive_startsAndStopsSelection(Transport transport) {
    TaskManager manager = fixture.manager(transport);
    assertTrue(manager.getRegisteredInfo().getParallelizedTaskQueueInfo().isActive());

    manager.setParallelizedTaskQueueActive(false);
    String id = manager.addParallelizedTask("Echo", null).getMessageId();
    var parallel = manager.getRegisteredInfo().getParallelizedTaskQueueInfo();
    assertFalse(parallel.isActive());
    assertEquals("INACTIVE", parallel.getBlockedReason());
    // its Echo has a live runner: no waiting type goes without one
    assertEquals(List.of(), parallel.getTaskClassNamesWithoutRunner());
    assertEquals(TaskState.WAITING, manager.getTaskInfo(id).state());

    await(manager.setParallelizedTaskQueueActiveAsync(true));
    assertTrue(manager.getRegisteredInfo().getParallelizedTaskQueueInfo().isActive());
    eventually(
        () -> manager.getTaskInfo(id),
        info -> info.state() == TaskState.DISPOSED,
        "the message of the activated parallel queue ran");
  }

  @ParameterizedTest
  @EnumSource(Transport.class)
  void queueIdsOutsideTheApisAlphabet_areInvalidRequests(Transport transport) {
    TaskManager manager = fixture.manager(transport);
    for (String bad : new String[] {"with space", "slash/ed", "q".repeat(256)}) {
      TaskControlException refused =
          assertThrows(TaskControlException.class, () -> manager.addSerializedTaskQueue(bad, true));
      assertEquals(ErrorCode.INVALID_REQUEST, refused.code(), bad);
    }
    assertThrows(IllegalArgumentException.class, () -> manager.addSerializedTaskQueue("", true));
    failure(IllegalArgumentException.class, manager.removeSerializedTaskQueueAsync(null));
    assertTrue(manager.getRegisteredInfo().getSerializedTaskQueuesInfo().isEmpty());
  }
}
