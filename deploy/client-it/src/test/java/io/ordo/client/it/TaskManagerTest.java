package io.ordo.client.it;

import static io.ordo.client.it.Await.failure;
import static io.ordo.client.it.Await.result;
import static io.ordo.client.it.Await.until;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.ordo.client.http.BlockedDetails;
import io.ordo.client.http.HistoryEvent;
import io.ordo.client.http.HistoryPage;
import io.ordo.client.http.HistoryQuery;
import io.ordo.client.http.OrdoClient;
import io.ordo.client.http.ParallelizedTaskMessage;
import io.ordo.client.http.RegisteredInfo;
import io.ordo.client.http.RegisteredSerializedTaskInfo;
import io.ordo.client.http.RegisteredSerializedTaskQueueInfo;
import io.ordo.client.http.RegisteredTaskInfo;
import io.ordo.client.http.SerializedTaskMessage;
import io.ordo.client.http.TaskManager;
import io.ordo.client.http.TaskRegistration;
import io.ordo.client.http.TaskState;
import io.ordo.client.http.TaskType;
import io.ordo.client.http.TimeoutType;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/** Every {@link TaskManager} method against a real node, blocking and async. */
@ExtendWith(SharedNode.class)
class TaskManagerTest {
  static final Map<String, Object> SLEEP_UNTIL_RELEASED = Map.of("millis", 60_000);
  static final Map<String, Object> SLEEP_IGNORING_RELEASE =
      Map.of("millis", 60_000, "ignoreRelease", true);

  private NodeProcess node;
  private TaskManager tasks;
  private String queueId;

  @BeforeEach
  void connect(NodeProcess node) {
    this.node = node;
    tasks = client(node, NodeProcess.OPERATOR).tasks();
    queueId = "it." + UUID.randomUUID();
  }

  static OrdoClient client(NodeProcess node, String token) {
    return OrdoClient.builder().baseUrl(node.baseUrl()).token(token).build();
  }

  static RegisteredTaskInfo running(TaskManager tasks, String messageId) {
    return until(
        () -> tasks.getTaskInfo(messageId),
        info -> info.getState() == TaskState.RUNNING,
        messageId + " running");
  }

  @Test
  void serialQueue_registersInOrder_andShowsInEverySnapshot() throws Exception {
    assertTrue(tasks.addSerializedTaskQueue(queueId, false));
    SerializedTaskMessage first =
        tasks.addSerializedTask(queueId, "Echo", Map.of("n", 1, "list", List.of("a", 2.5)), true);
    SerializedTaskMessage second =
        result(tasks.addSerializedTaskAsync(queueId, "Echo", Map.of("n", 2), false));
    SerializedTaskMessage third =
        tasks.addSerializedTask(
            queueId,
            TaskRegistration.builder("Echo")
                .timeout(TimeoutType.START_TO_CLOSE, Duration.ofMinutes(5))
                .build());
    SerializedTaskMessage fourth =
        result(tasks.addSerializedTaskAsync(queueId, TaskRegistration.of("Echo", null)));

    assertEquals(TaskState.WAITING, first.getState());
    assertEquals(queueId, first.getQueueId());
    assertTrue(first.getInfo().isStoppingProgressOnError());
    assertFalse(second.getInfo().isStoppingProgressOnError());
    assertEquals(Map.of("n", 1, "list", List.of("a", 2.5)), first.getInfo().getParameter());
    assertEquals(300, ((Number) third.getInfo().getTimeouts().get("startToClose")).intValue());
    assertTrue(first.getInfo().getReceivedTimeInMillis() > 0);
    assertEquals(RegisteredTaskInfo.UNALLOCATED_TIMESTAMP, first.getInfo().getStartTimeInMillis());
    assertNull(first.getInfo().getAcceptTime());
    List<String> order =
        List.of(
            first.getMessageId(),
            second.getMessageId(),
            third.getMessageId(),
            fourth.getMessageId());

    RegisteredInfo snapshot = tasks.getRegisteredInfo();
    RegisteredSerializedTaskQueueInfo queue = snapshot.getSerializedTaskQueuesInfo().get(queueId);
    assertFalse(queue.isActive());
    assertEquals(4, queue.getWaitingCount());
    assertEquals(order, ids(queue.getWaitingTasksInfo()));
    assertEquals("INACTIVE", queue.getBlockedReason());
    assertNull(queue.getBlockedDetails().messageId(), "an inactive queue names no message");
    assertEquals(
        order,
        ids(
            result(tasks.getRegisteredInfoAsync())
                .getSerializedTaskQueuesInfo()
                .get(queueId)
                .getWaitingTasksInfo()));
    assertEquals(order, ids(tasks.getSerializedTaskQueueInfo(queueId).getWaitingTasksInfo()));
    assertEquals(
        order, ids(result(tasks.getSerializedTaskQueueInfoAsync(queueId)).getWaitingTasksInfo()));
    assertTrue(
        tasks.getSerializedTaskQueuesInfo().stream()
            .anyMatch(q -> q.getQueueId().equals(queueId) && q.getWaitingCount() == 4));
    assertTrue(
        result(tasks.getSerializedTaskQueuesInfoAsync()).stream()
            .anyMatch(q -> q.getQueueId().equals(queueId)));

    tasks.setSerializedTaskQueueActive(queueId, true);
    until(
        () -> tasks.getSerializedTaskQueueInfo(queueId).getWaitingCount(),
        count -> count == 0,
        "the serial queue drained");
    RegisteredTaskInfo done = tasks.getTaskInfo(fourth.getMessageId());
    assertInstanceOf(RegisteredSerializedTaskInfo.class, done);
    assertEquals(
        TaskState.DISPOSED,
        until(
                () -> tasks.getTaskInfo(fourth.getMessageId()),
                i -> i.getState() == TaskState.DISPOSED,
                "the last message disposed")
            .getState());
    result(tasks.setSerializedTaskQueueActiveAsync(queueId, false));
    assertFalse(tasks.getSerializedTaskQueueInfo(queueId).isActive());
    assertTrue(result(tasks.removeSerializedTaskQueueAsync(queueId)));
  }

  @Test
  void parallelQueue_registers_runs_andKeepsEachTasksHistory() throws Exception {
    ParallelizedTaskMessage echo = tasks.addParallelizedTask("Echo", Map.of("greeting", "hi"));
    ParallelizedTaskMessage async = result(tasks.addParallelizedTaskAsync("Echo", null));
    ParallelizedTaskMessage withKey =
        result(
            tasks.addParallelizedTaskAsync(
                TaskRegistration.builder("Echo").idempotencyKey("key-" + queueId).build()));
    ParallelizedTaskMessage again =
        tasks.addParallelizedTask(
            TaskRegistration.builder("Echo").idempotencyKey("key-" + queueId).build());
    assertEquals(withKey.getMessageId(), again.getMessageId(), "one message per idempotency key");
    String nonAscii = "clé-ü-日本-" + queueId;
    ParallelizedTaskMessage accented =
        tasks.addParallelizedTask(
            TaskRegistration.builder("Echo").idempotencyKey(nonAscii).build());
    assertEquals(
        accented.getMessageId(),
        result(
                tasks.addParallelizedTaskAsync(
                    TaskRegistration.builder("Echo").idempotencyKey(nonAscii).build()))
            .getMessageId(),
        "a key of any text is one message too");
    assertEquals(TaskState.WAITING, echo.getState());

    for (String id : List.of(echo.getMessageId(), async.getMessageId(), again.getMessageId())) {
      until(() -> tasks.getTaskInfo(id), i -> i.getState() == TaskState.DISPOSED, id + " done");
    }
    RegisteredTaskInfo info = result(tasks.getTaskInfoAsync(echo.getMessageId()));
    assertEquals("hi", info.getParameter().get("greeting"));
    assertNotNull(info.getOutcome());
    assertTrue(info.getAttempt() >= 1);

    HistoryPage all = tasks.getTaskHistory(echo.getMessageId(), HistoryQuery.firstPage());
    List<String> types = all.events().stream().map(HistoryEvent::eventType).toList();
    assertEquals("TaskScheduled", types.get(0));
    assertTrue(types.contains("TaskStarted") && types.contains("TaskCompleted"), types.toString());
    assertFalse(all.hasNextPage());
    assertEquals("io.ordo.samples.EchoTask", all.events().get(0).attributes().get("taskClassName"));

    List<HistoryEvent> paged = new ArrayList<>();
    HistoryQuery query = new HistoryQuery(true, 1, null);
    HistoryPage page;
    do {
      page = result(tasks.getTaskHistoryAsync(echo.getMessageId(), query));
      paged.addAll(page.events());
      query = query.next(page);
    } while (page.hasNextPage());
    assertEquals(all.events().size(), paged.size());
    assertEquals(all.events().get(all.events().size() - 1).eventId(), paged.get(0).eventId());

    assertTrue(tasks.getParallelizedTaskQueueInfo().isActive());
    assertTrue(result(tasks.getParallelizedTaskQueueInfoAsync()).isActive());
    // every waiting type has a live runner here: the node answers an empty list
    assertEquals(List.of(), tasks.getParallelizedTaskQueueInfo().getTaskClassNamesWithoutRunner());
  }

  @Test
  void aDelayedMessage_showsItsTime_andARetryPolicyReachesTheServer() throws Exception {
    tasks.addSerializedTaskQueue(queueId, true);
    var message =
        tasks.addSerializedTask(
            queueId,
            TaskRegistration.builder("Echo")
                .delay(java.time.Duration.ofHours(1))
                .retry(3, java.time.Duration.ofSeconds(2), 2.0, null, "a.B")
                .build());
    RegisteredTaskInfo info = tasks.getTaskInfo(message.getMessageId());
    assertEquals(TaskState.WAITING, info.getState());
    assertEquals(
        info.getReceivedTimeInMillis() + 3_600_000, info.getNotBefore().toEpochMilli(), "an hour");
    RegisteredSerializedTaskQueueInfo queue = tasks.getSerializedTaskQueueInfo(queueId);
    assertEquals("DELAYED", queue.getBlockedReason());
    BlockedDetails delayed = queue.getBlockedDetails();
    assertEquals(message.getMessageId(), delayed.messageId());
    assertEquals(info.getNotBefore(), delayed.notBefore());
    assertNull(delayed.node());
    assertEquals(List.of(), delayed.taskClassNames());
    assertThrows(
        IllegalArgumentException.class,
        () -> TaskRegistration.builder("Echo").delay(java.time.Duration.ofDays(366)));
    assertThrows(
        IllegalArgumentException.class,
        () ->
            TaskRegistration.builder("Echo").retry(3, java.time.Duration.ofSeconds(1), 0.5, null));
  }

  @Test
  void taskTypes_listTheSamples_withTheirAliases() throws Exception {
    List<TaskType> types = tasks.getTaskTypes();
    assertTrue(types.stream().anyMatch(t -> t.aliases().contains("Echo")), types.toString());
    assertEquals(types.size(), result(tasks.getTaskTypesAsync()).size());
  }

  @Test
  void remove_isTrueForAWaitingMessage_andInvalidTaskForAnUnknownOrFinishedOne() throws Exception {
    tasks.addSerializedTaskQueue(queueId, false);
    String serial = tasks.addSerializedTask(queueId, "Echo", null, false).getMessageId();
    String serial2 = tasks.addSerializedTask(queueId, "Echo", null, false).getMessageId();
    assertTrue(tasks.removeSerializedTask(serial));
    assertTrue(result(tasks.removeSerializedTaskAsync(serial2)));
    assertThrows(
        io.ordo.client.http.exception.InvalidTaskException.class,
        () -> tasks.removeSerializedTask(serial));
    assertThrows(
        io.ordo.client.http.exception.InvalidTaskException.class,
        () -> tasks.removeSerializedTask(UUID.randomUUID().toString()));

    String finished = tasks.addParallelizedTask("Echo", null).getMessageId();
    until(() -> tasks.getTaskInfo(finished), i -> i.getState() == TaskState.DISPOSED, "finished");
    assertInstanceOf(
        io.ordo.client.http.exception.InvalidTaskException.class,
        failure(tasks.removeParallelizedTaskAsync(finished)));

    tasks.setParallelizedTaskQueueActive(false);
    try {
      String waiting = tasks.addParallelizedTask("Echo", null).getMessageId();
      assertThrows(
          io.ordo.client.http.exception.InvalidTaskException.class,
          () -> tasks.removeSerializedTask(waiting),
          "a parallel message is not in a serial queue");
      assertTrue(tasks.removeParallelizedTask(waiting));
    } finally {
      result(tasks.setParallelizedTaskQueueActiveAsync(true));
    }
    assertTrue(tasks.removeSerializedTaskQueue(queueId));
  }

  @Test
  void release_andStop_ofRunningTasks_inBothQueues() throws Exception {
    String parallel = tasks.addParallelizedTask("Sleep", SLEEP_UNTIL_RELEASED).getMessageId();
    running(tasks, parallel);
    ParallelizedTaskMessage released = tasks.releaseRunningParallelizedTask(parallel, true, false);
    assertEquals(parallel, released.getMessageId());
    running(tasks, parallel); // re-entered at the head, and run again
    assertEquals(
        TaskState.DISPOSED,
        result(tasks.releaseRunningParallelizedTaskAsync(parallel, false, false)).getState());

    String stubborn = tasks.addParallelizedTask("Sleep", SLEEP_IGNORING_RELEASE).getMessageId();
    running(tasks, stubborn);
    assertEquals(
        stubborn, tasks.stopRunningParallelizedTask(stubborn, false, false).getMessageId());
    String stubborn2 = tasks.addParallelizedTask("Sleep", SLEEP_IGNORING_RELEASE).getMessageId();
    running(tasks, stubborn2);
    assertEquals(
        stubborn2,
        result(tasks.stopRunningParallelizedTaskAsync(stubborn2, false, false)).getMessageId());

    tasks.addSerializedTaskQueue(queueId, true);
    String serial =
        tasks.addSerializedTask(queueId, "Sleep", SLEEP_UNTIL_RELEASED, false).getMessageId();
    running(tasks, serial);
    assertThrows(
        io.ordo.client.http.exception.TaskIllegalStateException.class,
        () -> tasks.removeSerializedTask(serial));
    assertThrows(
        io.ordo.client.http.exception.TaskQueueIllegalStateException.class,
        () -> tasks.removeSerializedTaskQueue(queueId));
    SerializedTaskMessage back = tasks.releaseRunningSerializedTask(serial, true, true);
    assertEquals(queueId, back.getQueueId());
    until(
        () -> tasks.getSerializedTaskQueueInfo(queueId),
        q -> !q.isActive() && q.getWaitingCount() == 1 && q.getRunningTaskInfo() == null,
        "re-entered, stopped");
    tasks.setSerializedTaskQueueActive(queueId, true);
    running(tasks, serial);
    assertEquals(
        TaskState.DISPOSED,
        result(tasks.releaseRunningSerializedTaskAsync(serial, false, false)).getState());

    String serialStubborn =
        tasks.addSerializedTask(queueId, "Sleep", SLEEP_IGNORING_RELEASE, false).getMessageId();
    running(tasks, serialStubborn);
    assertEquals(
        serialStubborn,
        tasks.stopRunningSerializedTask(serialStubborn, false, false).getMessageId());
    String serialStubborn2 =
        tasks.addSerializedTask(queueId, "Sleep", SLEEP_IGNORING_RELEASE, false).getMessageId();
    running(tasks, serialStubborn2);
    assertEquals(
        serialStubborn2,
        result(tasks.stopRunningSerializedTaskAsync(serialStubborn2, false, false)).getMessageId());
  }

  @Test
  void queues_addIsFalseForAnExistingId_removeIsFalseForAnUnknownOne() throws Exception {
    assertTrue(result(tasks.addSerializedTaskQueueAsync(queueId, true)));
    assertFalse(tasks.addSerializedTaskQueue(queueId, false));
    assertTrue(tasks.getSerializedTaskQueueInfo(queueId).isActive(), "left unchanged");
    assertTrue(tasks.removeSerializedTaskQueue(queueId));
    assertFalse(tasks.removeSerializedTaskQueue(queueId));
  }

  private static List<String> ids(List<? extends RegisteredTaskInfo> infos) {
    return infos.stream().map(RegisteredTaskInfo::getMessageId).toList();
  }
}
