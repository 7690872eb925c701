package io.ordo.client.it;

import static io.ordo.client.it.Await.failure;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.ordo.client.http.OrdoClient;
import io.ordo.client.http.TaskManager;
import io.ordo.client.http.TaskRegistration;
import io.ordo.client.http.exception.ForbiddenException;
import io.ordo.client.http.exception.InvalidParameterException;
import io.ordo.client.http.exception.InvalidRequestException;
import io.ordo.client.http.exception.InvalidTaskException;
import io.ordo.client.http.exception.PayloadTooLargeException;
import io.ordo.client.http.exception.QueueNotFoundException;
import io.ordo.client.http.exception.TaskControlException;
import io.ordo.client.http.exception.UnauthorizedException;
import io.ordo.client.http.exception.UnknownTaskTypeException;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/** Every problem a real node answers, as its own exception type with the problem's detail. */
class ErrorsTest extends WithOperatorTasks {
  @Test
  void anUnknownTaskType_isUnknownTaskType_withTheDetail_andTheCallersStack() throws Exception {
    UnknownTaskTypeException e =
        assertThrows(
            UnknownTaskTypeException.class, () -> tasks.addParallelizedTask("NoSuchTask", null));
    assertEquals("unknown_task_type", e.code());
    assertEquals(400, e.status());
    assertTrue(e.detail().contains("NoSuchTask"), e.detail());
    assertCallersStack(e, "anUnknownTaskType");
    assertInstanceOf(
        UnknownTaskTypeException.class, failure(tasks.addParallelizedTaskAsync("NoSuch", null)));
  }

  /**
   * The exception was made on the caller's thread: the caller's frame comes right after the
   * client's few, and no frame of the HttpClient's own threads is there.
   */
  static void assertCallersStack(Throwable e, String callerMethodPrefix) {
    List<StackTraceElement> stack = List.of(e.getStackTrace());
    int caller = -1;
    for (int i = 0; i < stack.size() && caller < 0; i++) {
      if (stack.get(i).getMethodName().contains(callerMethodPrefix)) {
        caller = i;
      }
    }
    assertTrue(caller >= 0 && caller < 10, "the caller's frame comes first: " + stack);
    assertTrue(
        stack.stream().noneMatch(frame -> frame.getClassName().startsWith("jdk.internal.net")),
        "no frame of the HttpClient's threads: " + stack);
  }

  @Test
  void aWrongToken_isUnauthorized() throws Exception {
    TaskManager stranger = TaskManagerTest.client(node, "not-a-token").tasks();
    assertThrows(UnauthorizedException.class, stranger::getRegisteredInfo);
    assertInstanceOf(UnauthorizedException.class, failure(stranger.getRegisteredInfoAsync()));
  }

  @Test
  void aSubmitter_registers_butManagingQueuesIsForbidden() {
    TaskManager submitter = TaskManagerTest.client(node, NodeProcess.SUBMITTER).tasks();
    submitter.addParallelizedTask("Echo", null);
    ForbiddenException e =
        assertThrows(ForbiddenException.class, () -> submitter.addSerializedTaskQueue("q", true));
    assertEquals(403, e.status());
  }

  @Test
  void anotherTenantsMessage_isInvalidTask() {
    String id = tasks.addParallelizedTask("Echo", null).getMessageId();
    TaskManager other = TaskManagerTest.client(node, NodeProcess.OTHER_TENANT).tasks();
    assertThrows(InvalidTaskException.class, () -> other.getTaskInfo(id));
    assertThrows(InvalidTaskException.class, () -> tasks.getTaskInfo(UUID.randomUUID().toString()));
    assertThrows(InvalidTaskException.class, () -> tasks.getTaskInfo(".."));
    assertThrows(InvalidTaskException.class, () -> tasks.removeParallelizedTask(".."));
  }

  @Test
  void anUnknownQueue_isQueueNotFound() {
    String unknown = "it.unknown." + UUID.randomUUID();
    assertThrows(
        QueueNotFoundException.class, () -> tasks.addSerializedTask(unknown, "Echo", null, false));
    assertThrows(
        QueueNotFoundException.class, () -> tasks.setSerializedTaskQueueActive(unknown, true));
    assertThrows(QueueNotFoundException.class, () -> tasks.getSerializedTaskQueueInfo(unknown));
  }

  @Test
  void aQueueIdOutsideTheAlphabet_isAnInvalidRequest() {
    InvalidRequestException e =
        assertThrows(
            InvalidRequestException.class, () -> tasks.addSerializedTaskQueue("no spaces!", true));
    assertEquals("invalid_request", e.code());
  }

  @Test
  void aParameterNestedTooDeep_isAnInvalidParameter() {
    Map<String, Object> deep = new HashMap<>();
    Map<String, Object> level = deep;
    for (int i = 0; i < 70; i++) {
      Map<String, Object> next = new HashMap<>();
      level.put("k", next);
      level = next;
    }
    assertThrows(InvalidParameterException.class, () -> tasks.addParallelizedTask("Echo", deep));
  }

  @Test
  void aParameterOverTheSizeLimit_isPayloadTooLarge() {
    Map<String, Object> huge = Map.of("text", "x".repeat(1_200_000));
    assertThrows(PayloadTooLargeException.class, () -> tasks.addParallelizedTask("Echo", huge));
  }

  @Test
  void aParameterOutsideTheSeedsTypes_isRefusedBeforeSending() throws Exception {
    Map<String, Object> parameter = Map.of("when", new java.util.Date());
    assertThrows(
        IllegalArgumentException.class, () -> tasks.addParallelizedTask("Echo", parameter));
    assertInstanceOf(
        IllegalArgumentException.class, failure(tasks.addParallelizedTaskAsync("Echo", parameter)));
  }

  @Test
  void everyProblemIsATaskControlException() {
    assertInstanceOf(
        TaskControlException.class,
        assertThrows(RuntimeException.class, () -> tasks.addParallelizedTask("NoSuch", null)));
  }

  @Test
  void anIdTooLongForTheRequestLine_isAnInvalidRequest_uriTooLong() {
    InvalidRequestException e =
        assertThrows(InvalidRequestException.class, () -> tasks.getTaskInfo("x".repeat(5_000)));
    assertEquals("uri_too_long", e.code());
    assertEquals(414, e.status());
  }

  @Test
  void anIdempotencyKeyReusedForAnotherRequest_isAnInvalidRequest_withTheServersDetail() {
    String key = "reused-" + UUID.randomUUID();
    tasks.addParallelizedTask(
        TaskRegistration.builder("Echo").parameter(Map.of("n", 1)).idempotencyKey(key).build());
    InvalidRequestException e =
        assertThrows(
            InvalidRequestException.class,
            () ->
                tasks.addParallelizedTask(
                    TaskRegistration.builder("Echo")
                        .parameter(Map.of("n", 2))
                        .idempotencyKey(key)
                        .build()));
    assertEquals("idempotency_key_reused", e.code());
    assertEquals(422, e.status());
    assertTrue(e.detail() != null && !e.detail().startsWith("HTTP "), e.detail());
  }

  @Test
  void headersOverTheNodesLimit_areAnInvalidRequest_headersTooLarge() {
    String longToken = "t".repeat(9_000);
    TaskManager client =
        OrdoClient.builder().baseUrl(node.baseUrl()).tokenSupplier(() -> longToken).build().tasks();
    InvalidRequestException e =
        assertThrows(InvalidRequestException.class, client::getRegisteredInfo);
    assertEquals("headers_too_large", e.code());
    assertEquals(431, e.status());
  }
}
