package io.ordo.client.report;

import static io.ordo.client.TaskInfoSamples.ACCEPTED;
import static io.ordo.client.TaskInfoSamples.RECEIVED;
import static io.ordo.client.TaskInfoSamples.SENT;
import static io.ordo.client.TaskInfoSamples.STARTED;
import static io.ordo.client.TaskInfoSamples.running;
import static io.ordo.client.TaskInfoSamples.waiting;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.ordo.client.ParallelizedTaskMessage;
import io.ordo.client.SerializedTaskMessage;
import io.ordo.model.TaskState;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.time.Instant;
import java.util.Calendar;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class RegisteredInfoTest {
  private static final String ID_1 = "0190a000-0000-7000-8000-000000000001";
  private static final String ID_2 = "0190a000-0000-7000-8000-000000000002";
  private static final String ID_3 = "0190a000-0000-7000-8000-000000000003";
  private static final String ID_4 = "0190a000-0000-7000-8000-000000000004";

  private static JsonObject status() {
    return new JsonObject()
        .put(
            "parallelizedTasksInfo",
            new JsonObject()
                .put("isActive", true)
                .put("waitingCount", 2)
                .put("runningCount", 1)
                .put(
                    "waitingTasks",
                    new JsonArray().add(waiting(ID_2, null)).add(waiting(ID_1, null)))
                .put("runningTasks", new JsonArray().add(running(ID_3, null)))
                .put("blockedReason", null)
                .put("taskClassNamesWithoutRunner", new JsonArray().add("com.example.Gone")))
        .put(
            "serializedTasksInfo",
            new JsonObject()
                .put(
                    "com.example.b",
                    new JsonObject()
                        .put("queueId", "com.example.b")
                        .put("isActive", false)
                        .put("waitingCount", 5)
                        .put("waitingTasks", new JsonArray().add(waiting(ID_4, "com.example.b")))
                        .put("runningTask", running(ID_1, "com.example.b"))
                        .put("blockedReason", "INACTIVE"))
                .put(
                    "com.example.a",
                    new JsonObject()
                        .put("queueId", "com.example.a")
                        .put("isActive", true)
                        .put("waitingCount", 0)
                        .put("waitingTasks", new JsonArray())
                        .put("runningTask", null)));
  }

  @Test
  void parallelQueue_keepsQueueOrder_andCounts() {
    RegisteredParallelizedTaskQueueInfo parallel =
        RegisteredInfo.fromJson(status()).getParallelizedTaskQueueInfo();
    assertTrue(parallel.isActive());
    assertEquals(
        List.of(ID_2, ID_1),
        parallel.getWaitingTasksInfo().stream().map(RegisteredTaskInfo::getMessageId).toList());
    assertEquals(1, parallel.getRunningTasksInfo().size());
    assertEquals(ID_3, parallel.getRunningTasksInfo().iterator().next().getMessageId());
    assertEquals(2, parallel.getWaitingCount());
    assertEquals(1, parallel.getRunningCount());
    assertNull(parallel.getBlockedReason());
    assertEquals(List.of("com.example.Gone"), parallel.getTaskClassNamesWithoutRunner());
  }

  @Test
  void parallelQueueOfANodeWithoutTheTypesList_namesNone() {
    JsonObject status = status();
    status.getJsonObject("parallelizedTasksInfo").remove("taskClassNamesWithoutRunner");

    assertEquals(
        List.of(),
        RegisteredInfo.fromJson(status)
            .getParallelizedTaskQueueInfo()
            .getTaskClassNamesWithoutRunner());
  }

  @Test
  void blockedDetails_ofASerialHeadInProgress_nameItsStateNodeAndHeartbeatAge() {
    BlockedDetails details =
        RegisteredSerializedTaskQueueInfo.fromJson(
                serialQueue(
                    "HEAD_IN_PROGRESS",
                    new JsonObject()
                        .put("messageId", ID_1)
                        .put("state", "RUNNING")
                        .put("node", "node-1")
                        .put("heartbeatAgeSeconds", 2.5)))
            .getBlockedDetails();

    assertEquals(ID_1, details.messageId());
    assertEquals(TaskState.RUNNING, details.state());
    assertEquals("node-1", details.node());
    assertEquals(2.5, details.heartbeatAgeSeconds());
    assertNull(details.notBefore());
    assertNull(details.taskClassName());
    assertEquals(List.of(), details.taskClassNames());
  }

  @Test
  void blockedDetails_ofADelayedHead_andOfAHeadWithoutRunner() {
    BlockedDetails delayed =
        RegisteredSerializedTaskQueueInfo.fromJson(
                serialQueue(
                    "DELAYED",
                    new JsonObject()
                        .put("messageId", ID_2)
                        .put("notBefore", "2026-11-29T20:00:00.123Z")))
            .getBlockedDetails();
    assertEquals(ID_2, delayed.messageId());
    assertEquals(Instant.parse("2026-11-29T20:00:00.123Z"), delayed.notBefore());
    assertNull(delayed.state());
    assertNull(delayed.heartbeatAgeSeconds());

    BlockedDetails noRunner =
        RegisteredSerializedTaskQueueInfo.fromJson(
                serialQueue(
                    "NO_RUNNER",
                    new JsonObject()
                        .put("messageId", ID_3)
                        .put("taskClassName", "com.example.Gone")))
            .getBlockedDetails();
    assertEquals(ID_3, noRunner.messageId());
    assertEquals("com.example.Gone", noRunner.taskClassName());
  }

  @Test
  void blockedDetails_ofTheParallelQueueWithoutRunner_nameItsWaitingTypes_andNoneWhenNotBlocked() {
    JsonObject parallel = status().getJsonObject("parallelizedTasksInfo");
    assertNull(RegisteredParallelizedTaskQueueInfo.fromJson(parallel).getBlockedDetails());

    parallel
        .put("blockedReason", "NO_RUNNER")
        .put(
            "blockedDetails",
            new JsonObject()
                .put("taskClassNames", new JsonArray().add("com.example.A").add("com.example.B")));
    assertEquals(
        List.of("com.example.A", "com.example.B"),
        RegisteredParallelizedTaskQueueInfo.fromJson(parallel)
            .getBlockedDetails()
            .taskClassNames());
  }

  private static JsonObject serialQueue(String blockedReason, JsonObject blockedDetails) {
    return new JsonObject()
        .put("queueId", "com.example.q")
        .put("isActive", true)
        .put("waitingCount", 1)
        .put("waitingTasks", new JsonArray())
        .put("runningTask", null)
        .put("blockedReason", blockedReason)
        .put("blockedDetails", blockedDetails);
  }

  @Test
  void serialQueues_byQueueId_inTheAnswersOrder() {
    Map<String, RegisteredSerializedTaskQueueInfo> serial =
        RegisteredInfo.fromJson(status()).getSerializedTaskQueuesInfo();
    assertEquals(List.of("com.example.b", "com.example.a"), List.copyOf(serial.keySet()));

    RegisteredSerializedTaskQueueInfo b = serial.get("com.example.b");
    assertEquals("com.example.b", b.getQueueId());
    assertFalse(b.isActive());
    assertEquals(5, b.getWaitingCount());
    assertEquals("INACTIVE", b.getBlockedReason());
    RegisteredSerializedTaskInfo head = b.getWaitingTasksInfo().get(0);
    assertEquals(ID_4, head.getMessageId());
    assertEquals("com.example.b", head.getQueueId());
    assertTrue(head.isStoppingProgressOnError());
    assertEquals(ID_1, b.getRunningTaskInfo().getMessageId());

    RegisteredSerializedTaskQueueInfo a = serial.get("com.example.a");
    assertTrue(a.isActive());
    assertTrue(a.getWaitingTasksInfo().isEmpty());
    assertNull(a.getRunningTaskInfo());
  }

  @Test
  void waitingTask_hasNoAcceptOrStartTime_andNoNode() {
    RegisteredTaskInfo info = RegisteredTaskInfo.fromJson(waiting(ID_1, null));
    assertInstanceOf(RegisteredParallelizedTaskInfo.class, info);
    assertNull(info.getNode());
    assertNull(info.getAcceptTime());
    assertNull(info.getStartTime());
    assertEquals(RegisteredTaskInfo.UNALLOCATED_TIMESTAMP, info.getAcceptTimeInMillis());
    assertEquals(RegisteredTaskInfo.UNALLOCATED_TIMESTAMP, info.getStartTimeInMillis());
    assertEquals(TaskState.WAITING, info.getState());
    assertEquals("io.ordo.samples.EchoTask", info.getTaskClassName());
  }

  @Test
  void runningTask_hasAllItsTimes_asCalendarsAndMillis() {
    RegisteredTaskInfo info = RegisteredTaskInfo.fromJson(running(ID_1, "q"));
    assertInstanceOf(RegisteredSerializedTaskInfo.class, info);
    assertEquals("node-a", info.getNode());
    assertEquals(Instant.parse(SENT).toEpochMilli(), info.getSentTimeInMillis());
    assertEquals(Instant.parse(RECEIVED).toEpochMilli(), info.getReceivedTimeInMillis());
    assertEquals(Instant.parse(ACCEPTED).toEpochMilli(), info.getAcceptTimeInMillis());
    assertEquals(Instant.parse(STARTED).toEpochMilli(), info.getStartTimeInMillis());
    assertEquals(info.getSentTimeInMillis(), info.getSentTime().getTimeInMillis());
    assertEquals(info.getReceivedTimeInMillis(), info.getReceivedTime().getTimeInMillis());
    assertEquals(info.getAcceptTimeInMillis(), info.getAcceptTime().getTimeInMillis());
    assertEquals(info.getStartTimeInMillis(), info.getStartTime().getTimeInMillis());
  }

  @Test
  void valuesAreImmutable_calendarsAndParametersAreCopies() {
    RegisteredInfo snapshot = RegisteredInfo.fromJson(status());
    RegisteredParallelizedTaskQueueInfo parallel = snapshot.getParallelizedTaskQueueInfo();
    assertThrows(UnsupportedOperationException.class, () -> parallel.getWaitingTasksInfo().clear());
    assertThrows(UnsupportedOperationException.class, () -> parallel.getRunningTasksInfo().clear());
    assertThrows(
        UnsupportedOperationException.class, () -> snapshot.getSerializedTaskQueuesInfo().clear());

    RegisteredTaskInfo info = parallel.getWaitingTasksInfo().get(0);
    Calendar sent = info.getSentTime();
    sent.add(Calendar.YEAR, 1);
    assertNotSame(sent, info.getSentTime());
    assertEquals(Instant.parse(SENT).toEpochMilli(), info.getSentTime().getTimeInMillis());

    info.getParameter().put("n", 2);
    assertEquals(1, info.getParameter().get("n"));
    info.toTaskInfo().parameter().put("n", 3);
    assertEquals(1, info.getParameter().get("n"));
  }

  @Test
  void readingTheAnswer_doesNotKeepTheCallersJson() {
    JsonObject json = waiting(ID_1, null);
    RegisteredTaskInfo info = RegisteredTaskInfo.fromJson(json);
    json.getJsonObject("parameter").put("n", 9);
    assertEquals(1, info.getParameter().get("n"));
  }

  @Test
  void equalInfos_areEqual_soRunningSetsWork() {
    assertEquals(
        RegisteredTaskInfo.fromJson(running(ID_1, null)),
        RegisteredTaskInfo.fromJson(running(ID_1, null)));
    assertFalse(
        RegisteredTaskInfo.fromJson(running(ID_1, null))
            .equals(RegisteredTaskInfo.fromJson(running(ID_2, null))));
  }

  @Test
  void taskMessages_checkTheirQueueKind() {
    ParallelizedTaskMessage parallel = ParallelizedTaskMessage.fromJson(waiting(ID_1, null));
    assertEquals(ID_1, parallel.getMessageId());
    assertEquals(TaskState.WAITING, parallel.getState());
    assertEquals(ID_1, parallel.getInfo().getMessageId());

    SerializedTaskMessage serial = SerializedTaskMessage.fromJson(waiting(ID_2, "q"));
    assertEquals("q", serial.getQueueId());
    assertTrue(serial.getInfo().isStoppingProgressOnError());

    assertThrows(
        IllegalStateException.class, () -> SerializedTaskMessage.fromJson(waiting(ID_1, null)));
    assertThrows(
        IllegalStateException.class, () -> ParallelizedTaskMessage.fromJson(waiting(ID_1, "q")));
  }

  @Test
  void aSerialQueueListingAParallelTask_isRefused() {
    JsonObject json =
        new JsonObject()
            .put("queueId", "q")
            .put("isActive", true)
            .put("waitingTasks", new JsonArray().add(waiting(ID_1, null)));
    assertThrows(
        IllegalStateException.class, () -> RegisteredSerializedTaskQueueInfo.fromJson(json));
  }
}
