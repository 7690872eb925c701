package io.ordo.client.it;

import static io.ordo.client.it.Await.result;
import static io.ordo.client.it.Await.until;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.ordo.client.http.Execution;
import io.ordo.client.http.ExecutionPage;
import io.ordo.client.http.ExecutionQuery;
import io.ordo.client.http.HistoryEvent;
import io.ordo.client.http.HistoryQuery;
import io.ordo.client.http.OrdoClient;
import io.ordo.client.http.RegisteredTaskInfo;
import io.ordo.client.http.TaskPage;
import io.ordo.client.http.TaskQuery;
import io.ordo.client.http.TaskState;
import io.ordo.client.http.exception.InvalidRequestException;
import io.ordo.client.http.exception.TaskNotFinishedException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/** {@code tasks().list}, {@code tasks().rerun} and {@code stateMachines().executions}. */
@ExtendWith(SharedNode.class)
class TaskListTest {
  private OrdoClient client;
  private String queueId;

  @BeforeEach
  void connect(NodeProcess node) {
    client = TaskManagerTest.client(node, NodeProcess.OPERATOR);
    queueId = "it.list." + UUID.randomUUID();
    assertTrue(client.tasks().addSerializedTaskQueue(queueId, true));
  }

  @Test
  void list_findsAFailedTask_andRerunLinksBothWays() throws Exception {
    String failed =
        client
            .tasks()
            .addSerializedTask(queueId, "Fail", Map.of("message", "x"), false)
            .getMessageId();
    until(() -> client.tasks().getTaskInfo(failed), t -> t.getState() == TaskState.DISPOSED, "end");
    TaskQuery query = TaskQuery.all().queue("serial", queueId).status("FAILED");

    TaskPage page = client.tasks().list(query);

    assertEquals(1, page.tasks().size());
    TaskPage.Entry entry = page.tasks().get(0);
    assertEquals(failed, entry.info().getMessageId());
    assertEquals("FAILED", entry.status());
    assertFalse(page.hasNextPage());
    assertEquals(page, result(client.tasks().listAsync(query)));

    RegisteredTaskInfo rerun = client.tasks().rerun(failed);

    assertNotEquals(failed, rerun.getMessageId());
    assertEquals(Map.of("message", "x"), rerun.getParameter());
    List<HistoryEvent> oldHistory =
        client.tasks().getTaskHistory(failed, HistoryQuery.firstPage()).events();
    HistoryEvent last = oldHistory.get(oldHistory.size() - 1);
    assertEquals("TaskRerun", last.eventType());
    assertEquals(rerun.getMessageId(), last.attributes().get("newMessageId"));
    HistoryEvent scheduled =
        client
            .tasks()
            .getTaskHistory(rerun.getMessageId(), HistoryQuery.firstPage())
            .events()
            .get(0);
    assertEquals(failed, scheduled.attributes().get("rerunOf"));
    until(
        () -> client.tasks().list(query).tasks().size(),
        n -> n == 2,
        "the re-run fails too and joins the list");
  }

  @Test
  void list_pagesThroughAQueue_andRerunRefusesALiveTask() throws Exception {
    client.tasks().setSerializedTaskQueueActive(queueId, false);
    List<String> registered = new ArrayList<>();
    for (int i = 0; i < 5; i++) {
      registered.add(
          0, client.tasks().addSerializedTask(queueId, "Echo", Map.of(), false).getMessageId());
    }
    TaskQuery query = TaskQuery.all().queue("serial", queueId).limit(2);

    List<String> seen = new ArrayList<>();
    TaskPage page = client.tasks().list(query);
    page.tasks().forEach(t -> seen.add(t.info().getMessageId()));
    while (page.hasNextPage()) {
      page = client.tasks().list(query.next(page));
      page.tasks().forEach(t -> seen.add(t.info().getMessageId()));
    }

    assertEquals(registered, seen);
    assertThrows(TaskNotFinishedException.class, () -> client.tasks().rerun(registered.get(0)));
    assertThrows(
        InvalidRequestException.class, () -> client.tasks().list(TaskQuery.all().status("DONE")));
  }

  @Test
  void executions_listsEveryMachinesExecutions_byStatus() throws Exception {
    String machine = "it-list-" + UUID.randomUUID();
    client
        .stateMachines()
        .saveStateMachine(
            machine,
            Map.of("StartAt", "P", "States", Map.of("P", Map.of("Type", "Pass", "End", true))));
    Execution started = client.stateMachines().startExecution(machine, Map.of());
    until(
        () -> client.stateMachines().describeExecution(started.executionId()),
        e -> !e.isRunning(),
        "end");
    ExecutionQuery query = ExecutionQuery.all().stateMachine(machine).status("SUCCEEDED");

    ExecutionPage page = client.stateMachines().executions(query);

    assertEquals(
        List.of(started.executionId()),
        page.executions().stream().map(Execution::executionId).toList());
    assertEquals(machine, page.executions().get(0).stateMachine());
    assertFalse(page.hasNextPage());
    assertEquals(page, result(client.stateMachines().executionsAsync(query)));
    assertTrue(client.stateMachines().executions(query.status("FAILED")).executions().isEmpty());
  }
}
