package io.ordo.deploy.client;

import static io.ordo.deploy.client.ClientFixture.SLEEP_UNTIL_RELEASED;
import static io.ordo.deploy.client.ClientFixture.await;
import static io.ordo.deploy.client.ClientFixture.failure;
import static io.ordo.deploy.client.ClientFixture.running;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.ordo.InvalidTaskException;
import io.ordo.TaskIllegalStateException;
import io.ordo.client.TaskManager;
import io.ordo.client.report.RegisteredTaskInfo;
import io.ordo.deploy.client.ClientFixture.Transport;
import io.ordo.model.TaskState;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** Removing waiting messages through the client, over HTTP and the event bus. */
class RemovalTest {
  private static final String QUEUE = "com.example.billing";
  private static final String UNKNOWN_ID = "0190a000-0000-7000-8000-00000000abcd";
  private ClientFixture fixture;

  @BeforeEach
  void start() {
    fixture = ClientFixture.start();
  }

  @AfterEach
  void stop() {
    fixture.close();
  }

  @ParameterizedTest
  @EnumSource(Transport.class)
  void removeParallelizedTask_removesAWaitingMessageOnce(Transport transport) {
    TaskManager manager = fixture.manager(transport);
    manager.setParallelizedTaskQueueActive(false);
    String first = manager.addParallelizedTask("Echo", null).getMessageId();
    String second = manager.addParallelizedTask("Echo", null).getMessageId();
    String third = manager.addParallelizedTask("Echo", null).getMessageId();

    assertTrue(manager.removeParallelizedTask(second));
    assertTrue(await(manager.removeParallelizedTaskAsync(first)));

    assertEquals(
        List.of(third),
        manager.getRegisteredInfo().getParallelizedTaskQueueInfo().getWaitingTasksInfo().stream()
            .map(RegisteredTaskInfo::getMessageId)
            .toList());
    assertEquals(TaskState.DISPOSED, manager.getTaskInfo(second).state());
    assertEquals("REMOVED", manager.getTaskInfo(second).outcome().getString("type"));
    assertThrows(InvalidTaskException.class, () -> manager.removeParallelizedTask(second));
    failure(InvalidTaskException.class, manager.removeParallelizedTaskAsync(first));
    assertThrows(InvalidTaskException.class, () -> manager.removeParallelizedTask(UNKNOWN_ID));
  }

  @ParameterizedTest
  @EnumSource(Transport.class)
  void removeSerializedTask_removesAWaitingMessageOnce(Transport transport) {
    TaskManager manager = fixture.manager(transport);
    manager.addSerializedTaskQueue(QUEUE, false);
    String first = manager.addSerializedTask(QUEUE, "Echo", null, false).getMessageId();
    String second = manager.addSerializedTask(QUEUE, "Echo", null, true).getMessageId();

    assertTrue(await(manager.removeSerializedTaskAsync(first)));
    assertTrue(manager.removeSerializedTask(second));

    assertEquals(
        0, manager.getRegisteredInfo().getSerializedTaskQueuesInfo().get(QUEUE).getWaitingCount());
    assertThrows(InvalidTaskException.class, () -> manager.removeSerializedTask(first));
    failure(InvalidTaskException.class, manager.removeSerializedTaskAsync(UNKNOWN_ID));
    assertTrue(manager.removeSerializedTaskQueue(QUEUE));
  }

  @ParameterizedTest
  @EnumSource(Transport.class)
  void removingFromTheOtherQueueKind_isAnInvalidTask_andRemovesNothing(Transport transport) {
    TaskManager manager = fixture.manager(transport);
    manager.setParallelizedTaskQueueActive(false);
    manager.addSerializedTaskQueue(QUEUE, false);
    String parallel = manager.addParallelizedTask("Echo", null).getMessageId();
    String serial = manager.addSerializedTask(QUEUE, "Echo", null, false).getMessageId();

    assertThrows(InvalidTaskException.class, () -> manager.removeSerializedTask(parallel));
    failure(InvalidTaskException.class, manager.removeParallelizedTaskAsync(serial));

    assertEquals(TaskState.WAITING, manager.getTaskInfo(parallel).state());
    assertEquals(TaskState.WAITING, manager.getTaskInfo(serial).state());
  }

  @ParameterizedTest
  @EnumSource(Transport.class)
  void removingARunningTask_isATaskIllegalState(Transport transport) {
    TaskManager manager = fixture.manager(transport);
    manager.addSerializedTaskQueue(QUEUE, true);
    String parallel = manager.addParallelizedTask("Sleep", SLEEP_UNTIL_RELEASED).getMessageId();
    String serial =
        manager.addSerializedTask(QUEUE, "Sleep", SLEEP_UNTIL_RELEASED, false).getMessageId();
    running(manager, parallel);
    running(manager, serial);

    TaskIllegalStateException refused =
        assertThrows(
            TaskIllegalStateException.class, () -> manager.removeParallelizedTask(parallel));
    assertEquals("RUNNING", refused.details().getString("state"));
    failure(TaskIllegalStateException.class, manager.removeParallelizedTaskAsync(parallel));
    assertThrows(TaskIllegalStateException.class, () -> manager.removeSerializedTask(serial));
    failure(TaskIllegalStateException.class, manager.removeSerializedTaskAsync(serial));

    assertEquals(TaskState.RUNNING, manager.getTaskInfo(parallel).state());
    manager.releaseRunningParallelizedTask(parallel, false, false);
    manager.releaseRunningSerializedTask(serial, false, false);
  }
}
