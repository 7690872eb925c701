package io.ordo.client.impl;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.ordo.ErrorCode;
import io.ordo.InvalidTaskException;
import io.ordo.TaskControlException;
import io.ordo.TaskControlExceptions;
import io.ordo.TaskQueueIllegalStateException;
import io.ordo.bus.QueueApi.Action;
import io.ordo.client.TaskInfoSamples;
import io.vertx.core.Future;
import io.vertx.core.Promise;
import io.vertx.core.Vertx;
import io.vertx.core.json.JsonObject;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.function.Function;
import org.junit.jupiter.api.Test;

/** The client's semantics on a fake transport: what is sent, and how answers are read. */
class TransportTaskManagerTest {
  private static final String ID = "0190a000-0000-7000-8000-000000000001";

  /** Records calls and answers them with a function of the call. */
  static final class FakeTransport implements Transport {
    final List<Action> actions = new ArrayList<>();
    final List<JsonObject> requests = new ArrayList<>();
    Function<JsonObject, Future<JsonObject>> answer =
        request -> Future.succeededFuture(new JsonObject());

    @Override
    public Future<JsonObject> send(Action action, JsonObject request) {
      actions.add(action);
      requests.add(request);
      return answer.apply(request);
    }

    @Override
    public Future<Void> close() {
      return Future.succeededFuture();
    }
  }

  private final FakeTransport transport = new FakeTransport();
  private final TransportTaskManager manager =
      new TransportTaskManager(transport, new Blocking(Duration.ofSeconds(5)));

  private static Future<JsonObject> fail(ErrorCode code) {
    return Future.failedFuture(TaskControlExceptions.of(code, code.code(), new JsonObject()));
  }

  @Test
  void addParallelizedTask_sendsTheRegistration_andReadsTheMessage() {
    transport.answer = request -> Future.succeededFuture(TaskInfoSamples.waiting(ID, null));
    var message = manager.addParallelizedTask("Echo", Map.of("a", 1));
    assertEquals(ID, message.getMessageId());
    assertEquals(List.of(Action.REGISTER_PARALLEL_TASK), transport.actions);
    assertEquals(
        new JsonObject()
            .put("taskClassName", "Echo")
            .put("parameter", new JsonObject().put("a", 1)),
        transport.requests.get(0));
  }

  @Test
  void addSerializedTask_sendsQueueIdAndStopProgressOnError() {
    transport.answer = request -> Future.succeededFuture(TaskInfoSamples.waiting(ID, "q"));
    var message = manager.addSerializedTask("q", "Echo", null, true);
    assertEquals("q", message.getQueueId());
    JsonObject sent = transport.requests.get(0);
    assertEquals("q", sent.getString("queueId"));
    assertEquals(true, sent.getBoolean("stopProgressOnError"));
    assertNull(sent.getValue("parameter"));
  }

  @Test
  void invalidParameters_failBeforeAnythingIsSent_inBothForms() {
    Map<String, Object> cyclic = new java.util.HashMap<>();
    cyclic.put("me", cyclic);
    assertThrows(IllegalArgumentException.class, () -> manager.addParallelizedTask("Echo", cyclic));
    assertThrows(
        IllegalArgumentException.class,
        () -> manager.addSerializedTask("q", "Echo", Map.of("x", new Object()), false));
    Future<?> async = manager.addParallelizedTaskAsync("Echo", Map.of("x", List.of('c')));
    assertInstanceOf(IllegalArgumentException.class, async.cause());
    assertTrue(transport.actions.isEmpty());
  }

  @Test
  void missingIdsAndNames_areIllegalArguments_withoutACall() {
    assertThrows(IllegalArgumentException.class, () -> manager.addSerializedTaskQueue("", true));
    assertThrows(IllegalArgumentException.class, () -> manager.removeSerializedTaskQueue(null));
    assertThrows(IllegalArgumentException.class, () -> manager.removeParallelizedTask(null));
    assertThrows(IllegalArgumentException.class, () -> manager.addParallelizedTask(null, null));
    assertThrows(
        IllegalArgumentException.class, () -> manager.addParallelizedTask((String) null, null));
    assertTrue(transport.actions.isEmpty());
  }

  @Test
  void anIdOrdoCannotHaveIssued_isAnInvalidTask_withoutACall() {
    assertThrows(InvalidTaskException.class, () -> manager.removeSerializedTask("no-such-id"));
    assertThrows(
        InvalidTaskException.class, () -> manager.releaseRunningParallelizedTask("x", true, true));
    assertThrows(InvalidTaskException.class, () -> manager.getTaskInfo("42"));
    assertTrue(transport.actions.isEmpty());
  }

  @Test
  void removeTask_namesTheQueueKind() {
    assertTrue(manager.removeParallelizedTask(ID));
    assertTrue(manager.removeSerializedTask(ID));
    assertEquals(List.of(Action.REMOVE_TASK, Action.REMOVE_TASK), transport.actions);
    assertEquals("parallel", transport.requests.get(0).getString("queue"));
    assertEquals("serial", transport.requests.get(1).getString("queue"));
  }

  @Test
  void removeTask_rethrowsTheServersException() {
    transport.answer = request -> fail(ErrorCode.TASK_ILLEGAL_STATE);
    assertThrows(io.ordo.TaskIllegalStateException.class, () -> manager.removeParallelizedTask(ID));
    transport.answer = request -> fail(ErrorCode.INVALID_TASK);
    assertThrows(InvalidTaskException.class, () -> manager.removeSerializedTask(ID));
  }

  @Test
  void addSerializedTaskQueue_isFalse_whenTheQueueExists() {
    assertTrue(manager.addSerializedTaskQueue("q", false));
    assertEquals(
        new JsonObject().put("queueId", "q").put("active", false), transport.requests.get(0));
    transport.answer = request -> fail(ErrorCode.QUEUE_EXISTS);
    assertFalse(manager.addSerializedTaskQueue("q", true));
    transport.answer = request -> fail(ErrorCode.INVALID_REQUEST);
    TaskControlException other =
        assertThrows(TaskControlException.class, () -> manager.addSerializedTaskQueue("q", true));
    assertEquals(ErrorCode.INVALID_REQUEST, other.code());
  }

  @Test
  void removeSerializedTaskQueue_isFalse_whenUnknown_andThrows_whenBusy() {
    assertTrue(manager.removeSerializedTaskQueue("q"));
    transport.answer = request -> fail(ErrorCode.QUEUE_NOT_FOUND);
    assertFalse(manager.removeSerializedTaskQueue("q"));
    transport.answer = request -> fail(ErrorCode.QUEUE_ILLEGAL_STATE);
    assertThrows(
        TaskQueueIllegalStateException.class, () -> manager.removeSerializedTaskQueue("q"));
  }

  @Test
  void setSerializedTaskQueueActive_onAnUnknownQueue_throwsQueueNotFound() {
    transport.answer = request -> fail(ErrorCode.QUEUE_NOT_FOUND);
    TaskControlException error =
        assertThrows(
            TaskControlException.class, () -> manager.setSerializedTaskQueueActive("q", true));
    assertEquals(ErrorCode.QUEUE_NOT_FOUND, error.code());
  }

  @Test
  void releaseAndStop_sendTheirOptions_andTheQueueKind() {
    transport.answer =
        request ->
            Future.succeededFuture(
                TaskInfoSamples.waiting(
                    ID, "serial".equals(request.getString("queue")) ? "q" : null));
    manager.releaseRunningParallelizedTask(ID, true, false);
    manager.stopRunningSerializedTask(ID, false, true);
    assertEquals(List.of(Action.RELEASE_TASK, Action.STOP_TASK), transport.actions);
    assertEquals(
        new JsonObject()
            .put("messageId", ID)
            .put("queue", "parallel")
            .put("reentry", true)
            .put("stop", false),
        transport.requests.get(0));
    assertEquals(
        new JsonObject()
            .put("messageId", ID)
            .put("queue", "serial")
            .put("reentry", false)
            .put("stop", true),
        transport.requests.get(1));
  }

  @Test
  void getRegisteredInfo_asksForTheLongestLists() {
    manager.getRegisteredInfo();
    assertEquals(List.of(Action.GET_STATUS), transport.actions);
    assertEquals(1000, transport.requests.get(0).getInteger("limit"));
  }

  @Test
  void invalidParameterFromTheServer_isAnIllegalArgument() {
    transport.answer = request -> fail(ErrorCode.INVALID_PARAMETER);
    assertThrows(IllegalArgumentException.class, () -> manager.addParallelizedTask("Echo", null));
  }

  @Test
  void blockingForms_rethrowTheSameException() {
    TaskControlException thrown = new TaskControlException(ErrorCode.FORBIDDEN, "no");
    transport.answer = request -> Future.failedFuture(thrown);
    assertSame(thrown, assertThrows(TaskControlException.class, manager::getRegisteredInfo));
  }

  @Test
  void blockingForms_giveUpAfterTheirTimeout_asUnavailable() {
    TransportTaskManager slow =
        new TransportTaskManager(transport, new Blocking(Duration.ofMillis(50)));
    transport.answer = request -> Promise.<JsonObject>promise().future();
    TaskControlException error =
        assertThrows(TaskControlException.class, () -> slow.setParallelizedTaskQueueActive(true));
    assertEquals(ErrorCode.UNAVAILABLE, error.code());
  }

  @Test
  void blockingForms_refuseTheEventLoop_beforeSending() throws Exception {
    Vertx vertx = Vertx.vertx();
    try {
      CompletableFuture<Throwable> refused = new CompletableFuture<>();
      vertx.runOnContext(
          v -> {
            try {
              manager.addSerializedTaskQueue("q", true);
              refused.complete(null);
            } catch (Throwable e) {
              refused.complete(e);
            }
          });
      Throwable error = refused.get();
      assertInstanceOf(IllegalStateException.class, error);
      assertTrue(error.getMessage().contains("event loop"), error.getMessage());
      assertTrue(transport.actions.isEmpty());
    } finally {
      vertx.close().toCompletionStage().toCompletableFuture().get();
    }
  }
}
