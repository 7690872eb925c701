package io.ordo.client.it;

import static io.ordo.client.it.Await.failure;
import static io.ordo.client.it.Await.result;
import static io.ordo.client.it.Await.until;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.ordo.client.http.HistoryEvent;
import io.ordo.client.http.HistoryFollow;
import io.ordo.client.http.HistoryQuery;
import io.ordo.client.http.OrdoClient;
import io.ordo.client.http.StateMachineManager;
import io.ordo.client.http.TaskManager;
import io.ordo.client.http.exception.InvalidTaskException;
import io.ordo.client.http.exception.NotFoundException;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeoutException;
import org.junit.jupiter.api.Test;

/** The Java client's live tails of histories, against a real node over real HTTP. */
class HistoryFollowTest extends WithOperatorTasks {
  /** The (id, type) pairs of events, to compare what a follow got with the stored history. */
  private static List<String> ids(List<HistoryEvent> events) {
    return events.stream().map(e -> e.eventId() + " " + e.eventType()).toList();
  }

  private List<HistoryEvent> stored(String messageId) {
    return tasks.getTaskHistory(messageId, HistoryQuery.firstPage()).events();
  }

  /**
   * Follows a running Sleep task (until released) through {@code proxy} with a client of the given
   * stream idle timeout; returns once the follow got its {@code TaskStarted}.
   */
  private static HistoryFollow followStarted(
      DroppingProxy proxy, Duration idleTimeout, String id, List<HistoryEvent> got) {
    TaskManager viaProxy =
        OrdoClient.builder()
            .baseUrl(proxy.baseUrl())
            .token(NodeProcess.OPERATOR)
            .retryDelay(Duration.ofMillis(50))
            .streamIdleTimeout(idleTimeout)
            .build()
            .tasks();
    HistoryFollow follow = viaProxy.followTaskHistory(id, 0, got::add);
    until(
        () -> List.copyOf(got),
        events -> events.stream().anyMatch(e -> e.eventType().equals("TaskStarted")),
        "the follow got TaskStarted");
    return follow;
  }

  private String runningSleep() {
    return tasks.addParallelizedTask("Sleep", TaskManagerTest.SLEEP_UNTIL_RELEASED).getMessageId();
  }

  @Test
  void followTaskHistory_getsEachEventOnceInOrder_acrossADroppedConnection_untilTheTaskEnds()
      throws Exception {
    String id = runningSleep();
    List<HistoryEvent> got = new CopyOnWriteArrayList<>();
    try (DroppingProxy proxy = DroppingProxy.forwarding(node.baseUrl())) {
      HistoryFollow follow = followStarted(proxy, OrdoClient.DEFAULT_STREAM_IDLE_TIMEOUT, id, got);
      long before = follow.lastEventId();

      proxy.cut(); // the connection drops while the task runs
      String again =
          until(
              () -> proxy.requests().size() < 2 ? "" : proxy.requests().get(1),
              request -> request.contains("\r\n\r\n"),
              "the follow opened the stream again");
      assertTrue(
          again.contains("Last-Event-ID: " + before + "\r\n"),
          "it asked for the events after the last it got: " + again);
      tasks.releaseRunningParallelizedTask(id, false, false);

      result(follow.done());
      assertEquals(ids(stored(id)), ids(got), "every event once, in order, to the last");
      assertEquals("TaskScheduled", got.get(0).eventType());
      assertEquals(got.get(got.size() - 1).eventId(), follow.lastEventId());
    }
  }

  @Test
  void aFollowedStreamThatFallsSilent_isOpenedAgain_afterTheStreamIdleTimeout() throws Exception {
    String id = runningSleep();
    List<HistoryEvent> got = new CopyOnWriteArrayList<>();
    try (DroppingProxy proxy = DroppingProxy.forwarding(node.baseUrl())) {
      HistoryFollow follow = followStarted(proxy, Duration.ofSeconds(1), id, got);

      proxy.stall(); // the connection stays open, and nothing comes through it any more
      tasks.releaseRunningParallelizedTask(id, false, false);

      result(follow.done());
      assertTrue(proxy.requests().size() >= 2, "the silent stream was opened again");
      assertEquals(ids(stored(id)), ids(got), "every event once, in order, to the last");
    }
  }

  @Test
  void aDoneCompletedByTheCaller_endsTheFollow_andClosesItsConnection() throws Exception {
    String id = runningSleep();
    try (DroppingProxy proxy = DroppingProxy.forwarding(node.baseUrl())) {
      List<HistoryEvent> got = new CopyOnWriteArrayList<>();
      HistoryFollow follow = followStarted(proxy, OrdoClient.DEFAULT_STREAM_IDLE_TIMEOUT, id, got);

      // what done().orTimeout(...) does when the task does not end in time
      follow.done().completeExceptionally(new TimeoutException("waited long enough"));

      until(proxy::closedByClient, closed -> closed.contains(0), "the stream's connection closed");
      follow.close();
      assertEquals(1, proxy.requests().size(), "the stream was not opened again");
    } finally {
      tasks.releaseRunningParallelizedTask(id, false, false);
    }
  }

  @Test
  void closingTheClient_endsItsFollow_andClosesTheConnection() throws Exception {
    String id = runningSleep();
    try (DroppingProxy proxy = DroppingProxy.forwarding(node.baseUrl())) {
      OrdoClient client =
          OrdoClient.builder().baseUrl(proxy.baseUrl()).token(NodeProcess.OPERATOR).build();
      List<HistoryEvent> got = new CopyOnWriteArrayList<>();
      HistoryFollow follow = client.tasks().followTaskHistory(id, 0, got::add);
      until(() -> got.size(), n -> n >= 1, "the first event");

      client.close();

      assertInstanceOf(IllegalStateException.class, failure(follow.done()));
      until(proxy::closedByClient, closed -> closed.contains(0), "the stream's connection closed");
    } finally {
      TaskManagerTest.running(tasks, id);
      tasks.releaseRunningParallelizedTask(id, false, false);
    }
  }

  @Test
  void followTaskHistory_afterAnEvent_getsOnlyTheLaterOnes_andEndsForAFinishedTask()
      throws Exception {
    String id = tasks.addParallelizedTask("Echo", Map.of("n", 1)).getMessageId();
    until(
        () -> stored(id),
        events -> events.stream().anyMatch(e -> e.eventType().equals("TaskCompleted")),
        "the task completed");
    List<HistoryEvent> got = new CopyOnWriteArrayList<>();

    HistoryFollow follow = tasks.followTaskHistory(id, 2, got::add);

    result(follow.done());
    List<HistoryEvent> all = stored(id);
    assertEquals(ids(all.subList(2, all.size())), ids(got));
  }

  @Test
  void followTaskHistory_ofAnUnknownMessage_endsWithInvalidTask_andBadArgumentsAreRefused()
      throws Exception {
    HistoryFollow follow = tasks.followTaskHistory(UUID.randomUUID().toString(), 0, e -> {});
    assertInstanceOf(InvalidTaskException.class, failure(follow.done()));

    assertThrows(IllegalArgumentException.class, () -> tasks.followTaskHistory("", 0, e -> {}));
    assertThrows(IllegalArgumentException.class, () -> tasks.followTaskHistory("m", -1, e -> {}));
    assertThrows(IllegalArgumentException.class, () -> tasks.followTaskHistory("m", 0, null));
  }

  @Test
  void close_stopsTheFollow_andAListenersExceptionEndsIt() throws Exception {
    String id = runningSleep();
    List<HistoryEvent> got = new CopyOnWriteArrayList<>();
    HistoryFollow follow = tasks.followTaskHistory(id, 0, got::add);
    until(() -> got.size(), n -> n >= 1, "the first event");
    follow.close();
    result(follow.done());

    IllegalStateException thrown = new IllegalStateException("the listener gave up");
    HistoryFollow failing =
        tasks.followTaskHistory(
            id,
            0,
            e -> {
              throw thrown;
            });
    assertEquals(thrown, failure(failing.done()));
    TaskManagerTest.running(tasks, id); // the first event came; its start may not have yet
    tasks.releaseRunningParallelizedTask(id, false, false);
  }

  @Test
  void followExecutionHistory_getsTheExecutionsEvents_untilItEnds() throws Exception {
    StateMachineManager machines =
        TaskManagerTest.client(node, NodeProcess.OPERATOR).stateMachines();
    String name = "it-follow-" + UUID.randomUUID();
    machines.saveStateMachine(
        name, "{\"StartAt\": \"A\", \"States\": {\"A\": {\"Type\": \"Pass\", \"End\": true}}}");
    String executionId = machines.startExecution(name, Map.of("k", "v")).executionId();
    List<HistoryEvent> got = new CopyOnWriteArrayList<>();

    result(machines.followExecutionHistory(executionId, 0, got::add).done());

    assertEquals(
        ids(machines.getExecutionHistory(executionId, HistoryQuery.firstPage()).events()),
        ids(got));
    assertEquals("ExecutionSucceeded", got.get(got.size() - 1).eventType());
    assertInstanceOf(
        NotFoundException.class,
        failure(machines.followExecutionHistory("no-such-execution", 0, e -> {}).done()));
  }
}
