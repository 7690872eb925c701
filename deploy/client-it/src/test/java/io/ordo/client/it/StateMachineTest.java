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

import io.ordo.client.http.Execution;
import io.ordo.client.http.HistoryEvent;
import io.ordo.client.http.HistoryQuery;
import io.ordo.client.http.LockRetry;
import io.ordo.client.http.StateMachine;
import io.ordo.client.http.StateMachineManager;
import io.ordo.client.http.TaskManager;
import io.ordo.client.http.TaskPage;
import io.ordo.client.http.TaskQuery;
import io.ordo.client.http.exception.ExecutionExistsException;
import io.ordo.client.http.exception.InstanceLockedException;
import io.ordo.client.http.exception.InvalidDefinitionException;
import io.ordo.client.http.exception.NotFoundException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/** Every {@link StateMachineManager} method against a real node. */
@ExtendWith(SharedNode.class)
class StateMachineTest {
  /** The seed's example. */
  static final String FUN_WITH_MATH =
      """
      { "StartAt": "FunWithMath", "States": { "FunWithMath": { "Type": "Parallel", "End": true,
        "Branches": [
          { "StartAt": "Add", "States": { "Add": { "Type": "Task", "Resource": "ordo:task:Add",
            "End": true } } },
          { "StartAt": "Subtract", "States": { "Subtract": { "Type": "Task",
            "Resource": "ordo:task:Subtract", "End": true } } } ] } } }
      """;

  /** Waits an hour: an execution that runs until it is stopped. */
  static final Map<String, Object> WAITING =
      Map.of(
          "StartAt",
          "Pause",
          "States",
          Map.of("Pause", Map.of("Type", "Wait", "Seconds", 3600, "End", true)));

  private NodeProcess node;
  private StateMachineManager machines;
  private String name;

  @BeforeEach
  void connect(NodeProcess node) {
    this.node = node;
    machines = TaskManagerTest.client(node, NodeProcess.OPERATOR).stateMachines();
    name = "it-" + UUID.randomUUID();
  }

  @Test
  void theSeedsExample_runsToItsOutput_withAHistory() throws Exception {
    StateMachine saved = machines.saveStateMachine(name, FUN_WITH_MATH);
    assertEquals(1, saved.revision());
    assertEquals(2, result(machines.saveStateMachineAsync(name, FUN_WITH_MATH)).revision());
    assertEquals("FunWithMath", machines.getStateMachine(name).definition().get("StartAt"));
    assertEquals(name, result(machines.getStateMachineAsync(name)).name());
    assertTrue(machines.listStateMachines().stream().anyMatch(m -> m.name().equals(name)));
    assertTrue(
        result(machines.listStateMachinesAsync()).stream().anyMatch(m -> m.name().equals(name)));

    Execution started = machines.startExecution(name, List.of(3, 2));
    Execution done =
        until(() -> machines.describeExecution(started.executionId()), e -> !e.isRunning(), "end");
    assertEquals("SUCCEEDED", done.status());
    assertEquals(List.of(5, 1), done.output());
    assertEquals(done, result(machines.describeExecutionAsync(started.executionId())));

    List<String> types =
        machines
            .getExecutionHistory(started.executionId(), HistoryQuery.firstPage())
            .events()
            .stream()
            .map(HistoryEvent::eventType)
            .toList();
    assertEquals("ExecutionStarted", types.get(0));
    assertEquals("ExecutionSucceeded", types.get(types.size() - 1));
    assertEquals(
        "ExecutionSucceeded",
        result(
                machines.getExecutionHistoryAsync(
                    started.executionId(), new HistoryQuery(true, 1, null)))
            .events()
            .get(0)
            .eventType());

    Execution named = result(machines.startExecutionAsync(name, "run-1", List.of(1, 1)));
    assertEquals("run-1", named.name());
    assertEquals(
        named.executionId(),
        machines.startExecution(name, "run-1", List.of(1, 1)).executionId(),
        "the same name and input answer the same execution");
    assertThrows(
        ExecutionExistsException.class, () -> machines.startExecution(name, "run-1", List.of(9)));
    assertEquals(
        named.executionId(),
        result(machines.startExecutionAsync(name, "run-1", List.of(1, 1))).executionId());
    assertTrue(machines.listExecutions(name).size() >= 2);
    assertTrue(result(machines.listExecutionsAsync(name)).size() >= 2);
  }

  @Test
  void theMessagesOfAnExecutionsTaskStates_nameTheExecution() throws Exception {
    machines.saveStateMachine(name, FUN_WITH_MATH);
    String executionId = machines.startExecution(name, List.of(3, 2)).executionId();
    until(() -> machines.describeExecution(executionId), e -> !e.isRunning(), "end");
    TaskManager tasks = TaskManagerTest.client(node, NodeProcess.OPERATOR).tasks();

    List<TaskPage.Entry> scheduled = tasks.list(TaskQuery.all().executionId(executionId)).tasks();

    assertEquals(2, scheduled.size(), "Add and Subtract");
    for (TaskPage.Entry entry : scheduled) {
      assertEquals(executionId, entry.info().getExecutionId());
      assertEquals(executionId, tasks.getTaskInfo(entry.info().getMessageId()).getExecutionId());
    }
    assertNull(tasks.addParallelizedTask("Echo", null).getInfo().getExecutionId());
  }

  @Test
  void stop_abortsARunningExecution_andIsSafeToRepeat() throws Exception {
    machines.saveStateMachine(name, WAITING);
    Execution running = machines.startExecution(name, Map.of("k", "v"));
    assertTrue(running.isRunning());
    Execution stopped = machines.stopExecution(running.executionId(), "Operator.Stop", "test");
    assertEquals("ABORTED", stopped.status());
    assertEquals("Operator.Stop", stopped.error());
    assertNotNull(stopped.stopDate());
    assertEquals(
        "ABORTED", result(machines.stopExecutionAsync(running.executionId(), null, null)).status());
  }

  @Test
  void anInvalidDefinition_listsEveryError_andStoresNothing() throws Exception {
    String broken =
        """
        { "StartAt": "A", "States": { "A": { "Type": "Pass", "Next": "Nowhere" } } }
        """;
    InvalidDefinitionException e =
        assertThrows(
            InvalidDefinitionException.class, () -> machines.saveStateMachine(name, broken));
    assertFalse(e.errors().isEmpty());
    assertTrue(
        e.errors().stream().anyMatch(error -> error.path().startsWith("$")), e.errors().toString());
    assertInstanceOf(NotFoundException.class, failure(machines.getStateMachineAsync(name)));
    assertThrows(
        NotFoundException.class, () -> machines.describeExecution(UUID.randomUUID().toString()));
    assertThrows(NotFoundException.class, () -> machines.startExecution(name, null));
  }

  @Test
  void stop_whileAnotherQueueServiceHoldsTheLock_isInstanceLocked_withRetryAfter()
      throws Exception {
    machines.saveStateMachine(name, WAITING);
    Execution running = machines.startExecution(name, null);
    holdLock(running.executionId(), 30);

    InstanceLockedException e =
        assertThrows(
            InstanceLockedException.class,
            () -> machines.stopExecution(running.executionId(), null, null));
    assertEquals(409, e.status());
    assertNotNull(e.retryAfter());
    assertEquals(running.executionId(), e.instanceId());
    assertTrue(machines.describeExecution(running.executionId()).isRunning());
  }

  @Test
  void stop_withBasicRetry_waitsForTheLockToLapse_andAborts() throws Exception {
    machines.saveStateMachine(name, WAITING);
    Execution running = machines.startExecution(name, null);
    holdLock(running.executionId(), 10); // the intruder's lease lapses 10 s from now

    assertThrows(
        InstanceLockedException.class,
        () -> machines.stopExecution(running.executionId(), null, null, LockRetry.NO_RETRY));
    Execution stopped =
        result(
            machines.stopExecutionAsync(
                running.executionId(), "It.Stop", "waited", LockRetry.BASIC_RETRY));

    assertEquals("ABORTED", stopped.status());
    assertEquals("It.Stop", stopped.error());
  }

  /** Takes the execution's lock for an intruder, from a JVM with the node's JDBC driver. */
  private void holdLock(String executionId, int seconds) throws Exception {
    Path testClasses =
        Path.of(LockHolder.class.getProtectionDomain().getCodeSource().getLocation().toURI());
    String jar =
        Path.of(System.getProperty("ordo.jar", "../target/ordo.jar")).toAbsolutePath().toString();
    Process holder =
        new ProcessBuilder(
                NodeProcess.java(),
                "-cp",
                jar + java.io.File.pathSeparator + testClasses,
                LockHolder.class.getName(),
                node.jdbcUrl(),
                executionId,
                String.valueOf(seconds))
            .inheritIO()
            .start();
    assertTrue(holder.waitFor(60, TimeUnit.SECONDS), "the lock holder finished");
    assertEquals(0, holder.exitValue(), "the lock holder took the lock");
  }
}
