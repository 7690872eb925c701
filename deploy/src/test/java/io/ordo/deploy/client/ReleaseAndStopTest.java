package io.ordo.deploy.client;

import static io.ordo.deploy.client.ClientFixture.SLEEP_IGNORING_RELEASE;
import static io.ordo.deploy.client.ClientFixture.SLEEP_UNTIL_RELEASED;
import static io.ordo.deploy.client.ClientFixture.await;
import static io.ordo.deploy.client.ClientFixture.eventually;
import static io.ordo.deploy.client.ClientFixture.failure;
import static io.ordo.deploy.client.ClientFixture.running;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.ordo.InvalidTaskException;
import io.ordo.TaskIllegalStateException;
import io.ordo.client.ParallelizedTaskMessage;
import io.ordo.client.SerializedTaskMessage;
import io.ordo.client.TaskManager;
import io.ordo.client.report.RegisteredTaskInfo;
import io.ordo.deploy.client.ClientFixture.Transport;
import io.ordo.model.TaskInfo;
import io.ordo.model.TaskState;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * End notification (release) and forced stop of running Sleep tasks through the client, with each
 * combination of {@code reentry} and {@code stop}, over HTTP and the event bus.
 */
class ReleaseAndStopTest {
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

  private static List<String> parallelWaiting(TaskManager manager) {
    return manager.getRegisteredInfo().getParallelizedTaskQueueInfo().getWaitingTasksInfo().stream()
        .map(RegisteredTaskInfo::getMessageId)
        .toList();
  }

  private static List<String> serialWaiting(TaskManager manager) {
    return manager
        .getRegisteredInfo()
        .getSerializedTaskQueuesInfo()
        .get(QUEUE)
        .getWaitingTasksInfo()
        .stream()
        .map(RegisteredTaskInfo::getMessageId)
        .toList();
  }

  @ParameterizedTest
  @EnumSource(Transport.class)
  void releaseParallel_reentryAndStop_putsItBackAtTheHead_andDeactivatesTheQueue(
      Transport transport) {
    TaskManager manager = fixture.manager(transport);
    ParallelizedTaskMessage registered = manager.addParallelizedTask("Sleep", SLEEP_UNTIL_RELEASED);
    String id = registered.getMessageId();
    running(manager, id);
    manager.setParallelizedTaskQueueActive(false);
    String behind = manager.addParallelizedTask("Echo", null).getMessageId();

    ParallelizedTaskMessage released = manager.releaseRunningParallelizedTask(id, true, true);

    assertEquals(id, released.getMessageId());
    assertEquals(TaskState.WAITING, released.getState());
    assertEquals(
        registered.getInfo().getSentTimeInMillis(), released.getInfo().getSentTimeInMillis());
    assertEquals(
        registered.getInfo().getReceivedTimeInMillis(),
        released.getInfo().getReceivedTimeInMillis());
    assertFalse(manager.getRegisteredInfo().getParallelizedTaskQueueInfo().isActive());
    assertEquals(List.of(id, behind), parallelWaiting(manager));
  }

  @ParameterizedTest
  @EnumSource(Transport.class)
  void releaseParallel_noReentryNoStop_disposesIt_andLeavesTheQueueActive(Transport transport) {
    TaskManager manager = fixture.manager(transport);
    String id = manager.addParallelizedTask("Sleep", SLEEP_UNTIL_RELEASED).getMessageId();
    running(manager, id);

    ParallelizedTaskMessage released =
        await(manager.releaseRunningParallelizedTaskAsync(id, false, false));

    assertEquals(TaskState.DISPOSED, released.getState());
    assertEquals("RELEASED", released.getTaskInfo().outcome().getString("type"));
    assertTrue(manager.getRegisteredInfo().getParallelizedTaskQueueInfo().isActive());
    assertTrue(parallelWaiting(manager).isEmpty());
  }

  @ParameterizedTest
  @EnumSource(Transport.class)
  void releaseParallel_reentryOnly_runsItAgain(Transport transport) {
    TaskManager manager = fixture.manager(transport);
    String id = manager.addParallelizedTask("Sleep", SLEEP_UNTIL_RELEASED).getMessageId();
    TaskInfo first = running(manager, id);

    ParallelizedTaskMessage released = manager.releaseRunningParallelizedTask(id, true, false);

    assertEquals(id, released.getMessageId());
    assertNotEquals(TaskState.DISPOSED, released.getState());
    TaskInfo again =
        eventually(
            () -> manager.getTaskInfo(id),
            info -> info.state() == TaskState.RUNNING && info.attempt() > first.attempt(),
            "the re-entered message running again");
    assertTrue(again.startTime().isAfter(first.startTime()));
    assertTrue(manager.getRegisteredInfo().getParallelizedTaskQueueInfo().isActive());
    manager.releaseRunningParallelizedTask(id, false, false);
  }

  @ParameterizedTest
  @EnumSource(Transport.class)
  void releaseParallel_stopOnly_disposesIt_andDeactivatesTheQueue(Transport transport) {
    TaskManager manager = fixture.manager(transport);
    String id = manager.addParallelizedTask("Sleep", SLEEP_UNTIL_RELEASED).getMessageId();
    running(manager, id);

    ParallelizedTaskMessage released = manager.releaseRunningParallelizedTask(id, false, true);

    assertEquals(TaskState.DISPOSED, released.getState());
    assertFalse(manager.getRegisteredInfo().getParallelizedTaskQueueInfo().isActive());
  }

  @ParameterizedTest
  @EnumSource(Transport.class)
  void stopParallel_endsATaskThatIgnoresRelease(Transport transport) {
    TaskManager manager = fixture.manager(transport);
    String disposed = manager.addParallelizedTask("Sleep", SLEEP_IGNORING_RELEASE).getMessageId();
    String reentered = manager.addParallelizedTask("Sleep", SLEEP_IGNORING_RELEASE).getMessageId();
    running(manager, disposed);
    running(manager, reentered);

    ParallelizedTaskMessage stopped = manager.stopRunningParallelizedTask(disposed, false, false);
    assertEquals(TaskState.DISPOSED, stopped.getState());
    assertEquals("STOPPED", stopped.getTaskInfo().outcome().getString("type"));
    assertTrue(manager.getRegisteredInfo().getParallelizedTaskQueueInfo().isActive());

    ParallelizedTaskMessage back =
        await(manager.stopRunningParallelizedTaskAsync(reentered, true, true));
    assertEquals(TaskState.WAITING, back.getState());
    var parallel = manager.getRegisteredInfo().getParallelizedTaskQueueInfo();
    assertFalse(parallel.isActive());
    assertEquals(List.of(reentered), parallelWaiting(manager));
    assertTrue(parallel.getRunningTasksInfo().isEmpty());
  }

  @ParameterizedTest
  @EnumSource(Transport.class)
  void releaseSerial_reentryAndStop_putsItBackAtTheHead_andDeactivatesTheQueue(
      Transport transport) {
    TaskManager manager = fixture.manager(transport);
    manager.addSerializedTaskQueue(QUEUE, true);
    String id =
        manager.addSerializedTask(QUEUE, "Sleep", SLEEP_UNTIL_RELEASED, true).getMessageId();
    running(manager, id);
    String behind = manager.addSerializedTask(QUEUE, "Echo", null, false).getMessageId();

    SerializedTaskMessage released = manager.releaseRunningSerializedTask(id, true, true);

    assertEquals(id, released.getMessageId());
    assertEquals(QUEUE, released.getQueueId());
    assertEquals(TaskState.WAITING, released.getState());
    assertTrue(released.getInfo().isStoppingProgressOnError());
    assertFalse(manager.getRegisteredInfo().getSerializedTaskQueuesInfo().get(QUEUE).isActive());
    assertEquals(List.of(id, behind), serialWaiting(manager));
  }

  @ParameterizedTest
  @EnumSource(Transport.class)
  void releaseSerial_noReentryNoStop_letsTheNextMessageRun(Transport transport) {
    TaskManager manager = fixture.manager(transport);
    manager.addSerializedTaskQueue(QUEUE, true);
    String id =
        manager.addSerializedTask(QUEUE, "Sleep", SLEEP_UNTIL_RELEASED, false).getMessageId();
    running(manager, id);
    String next = manager.addSerializedTask(QUEUE, "Echo", null, false).getMessageId();
    assertEquals(TaskState.WAITING, manager.getTaskInfo(next).state());

    SerializedTaskMessage released =
        await(manager.releaseRunningSerializedTaskAsync(id, false, false));

    assertEquals(TaskState.DISPOSED, released.getState());
    eventually(
        () -> manager.getTaskInfo(next),
        info -> info.state() == TaskState.DISPOSED,
        "the next message of the serial queue ran");
    assertTrue(manager.getRegisteredInfo().getSerializedTaskQueuesInfo().get(QUEUE).isActive());
  }

  @ParameterizedTest
  @EnumSource(Transport.class)
  void stopSerial_reentryAndStop_thenAgainWithout(Transport transport) {
    TaskManager manager = fixture.manager(transport);
    manager.addSerializedTaskQueue(QUEUE, true);
    String id =
        manager.addSerializedTask(QUEUE, "Sleep", SLEEP_IGNORING_RELEASE, false).getMessageId();
    TaskInfo first = running(manager, id);

    SerializedTaskMessage back = manager.stopRunningSerializedTask(id, true, true);
    assertEquals(TaskState.WAITING, back.getState());
    assertFalse(manager.getRegisteredInfo().getSerializedTaskQueuesInfo().get(QUEUE).isActive());
    assertEquals(List.of(id), serialWaiting(manager));

    manager.setSerializedTaskQueueActive(QUEUE, true);
    eventually(
        () -> manager.getTaskInfo(id),
        info -> info.state() == TaskState.RUNNING && info.attempt() > first.attempt(),
        "the re-entered message running again");
    SerializedTaskMessage stopped = await(manager.stopRunningSerializedTaskAsync(id, false, false));
    assertEquals(TaskState.DISPOSED, stopped.getState());
    assertEquals("STOPPED", stopped.getTaskInfo().outcome().getString("type"));
    assertTrue(manager.getRegisteredInfo().getSerializedTaskQueuesInfo().get(QUEUE).isActive());
  }

  @ParameterizedTest
  @EnumSource(Transport.class)
  void releaseAndStop_ofAWaitingMessage_areTaskIllegalStates(Transport transport) {
    TaskManager manager = fixture.manager(transport);
    manager.setParallelizedTaskQueueActive(false);
    manager.addSerializedTaskQueue(QUEUE, false);
    String parallel = manager.addParallelizedTask("Echo", null).getMessageId();
    String serial = manager.addSerializedTask(QUEUE, "Echo", null, false).getMessageId();

    TaskIllegalStateException refused =
        assertThrows(
            TaskIllegalStateException.class,
            () -> manager.releaseRunningParallelizedTask(parallel, true, false));
    assertEquals("WAITING", refused.details().getString("state"));
    failure(
        TaskIllegalStateException.class,
        manager.stopRunningParallelizedTaskAsync(parallel, false, false));
    assertThrows(
        TaskIllegalStateException.class,
        () -> manager.stopRunningSerializedTask(serial, false, true));
    failure(
        TaskIllegalStateException.class,
        manager.releaseRunningSerializedTaskAsync(serial, false, false));
    assertEquals(List.of(parallel), parallelWaiting(manager));
    assertFalse(manager.getRegisteredInfo().getSerializedTaskQueuesInfo().get(QUEUE).isActive());
  }

  @ParameterizedTest
  @EnumSource(Transport.class)
  void releaseAndStop_ofTheOtherQueueKindOrAnUnknownId_areInvalidTasks(Transport transport) {
    TaskManager manager = fixture.manager(transport);
    manager.addSerializedTaskQueue(QUEUE, true);
    String parallel = manager.addParallelizedTask("Sleep", SLEEP_UNTIL_RELEASED).getMessageId();
    String serial =
        manager.addSerializedTask(QUEUE, "Sleep", SLEEP_UNTIL_RELEASED, false).getMessageId();
    running(manager, parallel);
    running(manager, serial);

    assertThrows(
        InvalidTaskException.class,
        () -> manager.releaseRunningSerializedTask(parallel, false, false));
    failure(
        InvalidTaskException.class, manager.stopRunningSerializedTaskAsync(parallel, false, false));
    assertThrows(
        InvalidTaskException.class,
        () -> manager.stopRunningParallelizedTask(serial, false, false));
    failure(
        InvalidTaskException.class,
        manager.releaseRunningParallelizedTaskAsync(serial, false, false));
    assertThrows(
        InvalidTaskException.class,
        () -> manager.releaseRunningParallelizedTask(UNKNOWN_ID, false, false));
    failure(
        InvalidTaskException.class,
        manager.stopRunningSerializedTaskAsync(UNKNOWN_ID, false, false));

    assertEquals(TaskState.RUNNING, manager.getTaskInfo(parallel).state());
    assertEquals(TaskState.RUNNING, manager.getTaskInfo(serial).state());
    manager.releaseRunningParallelizedTask(parallel, false, false);
    manager.releaseRunningSerializedTask(serial, false, false);
  }
}
