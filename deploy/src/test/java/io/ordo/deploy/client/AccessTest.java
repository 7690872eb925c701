package io.ordo.deploy.client;

import static io.ordo.deploy.client.ClientFixture.await;
import static io.ordo.deploy.client.ClientFixture.failure;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.ordo.ErrorCode;
import io.ordo.InvalidTaskException;
import io.ordo.TaskControlException;
import io.ordo.client.EventBusTaskManager;
import io.ordo.client.ParallelizedTaskMessage;
import io.ordo.client.TaskManager;
import io.ordo.client.report.RegisteredTaskInfo;
import io.ordo.deploy.client.ClientFixture.Transport;
import io.ordo.deploy.client.ClientFixture.Who;
import io.ordo.model.TaskState;
import io.vertx.core.Vertx;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** Roles, tenants, threads and connections, as the client meets them. */
class AccessTest {
  private ClientFixture fixture;

  @BeforeEach
  void start() {
    fixture = ClientFixture.start();
  }

  @AfterEach
  void stop() {
    fixture.close();
  }

  private static void assertCode(ErrorCode code, TaskControlException error) {
    assertEquals(code, error.code(), error.getMessage());
  }

  @ParameterizedTest
  @EnumSource(Transport.class)
  void submitter_registersAndRemoves_butCannotManageQueuesOrRunningTasks(Transport transport) {
    TaskManager operator = fixture.manager(transport);
    TaskManager submitter = fixture.manager(transport, Who.SUBMITTER);
    operator.setParallelizedTaskQueueActive(false);

    String id = submitter.addParallelizedTask("Echo", null).getMessageId();
    assertEquals(1, submitter.getRegisteredInfo().getParallelizedTaskQueueInfo().getWaitingCount());
    assertTrue(submitter.removeParallelizedTask(id));

    assertCode(
        ErrorCode.FORBIDDEN,
        assertThrows(
            TaskControlException.class, () -> submitter.setParallelizedTaskQueueActive(true)));
    assertCode(
        ErrorCode.FORBIDDEN,
        assertThrows(
            TaskControlException.class,
            () -> submitter.addSerializedTaskQueue("com.example.q", true)));
    assertCode(
        ErrorCode.FORBIDDEN,
        failure(
            TaskControlException.class, submitter.removeSerializedTaskQueueAsync("com.example.q")));
    assertCode(
        ErrorCode.FORBIDDEN,
        failure(
            TaskControlException.class,
            submitter.releaseRunningParallelizedTaskAsync(id, false, false)));
    assertTrue(operator.getRegisteredInfo().getSerializedTaskQueuesInfo().isEmpty());
    assertFalse(operator.getRegisteredInfo().getParallelizedTaskQueueInfo().isActive());
  }

  @ParameterizedTest
  @EnumSource(Transport.class)
  void anotherTenant_seesNoneOfTheMessagesOrQueues(Transport transport) {
    TaskManager manager = fixture.manager(transport);
    TaskManager other = fixture.manager(transport, Who.OTHER_TENANT);
    manager.setParallelizedTaskQueueActive(false);
    manager.addSerializedTaskQueue("com.example.q", false);
    String id = manager.addParallelizedTask("Echo", null).getMessageId();

    assertThrows(InvalidTaskException.class, () -> other.getTaskInfo(id));
    assertThrows(InvalidTaskException.class, () -> other.removeParallelizedTask(id));
    var snapshot = other.getRegisteredInfo();
    assertEquals(0, snapshot.getParallelizedTaskQueueInfo().getWaitingCount());
    assertTrue(snapshot.getSerializedTaskQueuesInfo().isEmpty());
    assertTrue(other.addSerializedTaskQueue("com.example.q", true));

    assertEquals(TaskState.WAITING, manager.getTaskInfo(id).state());
    assertFalse(
        manager.getRegisteredInfo().getSerializedTaskQueuesInfo().get("com.example.q").isActive());
  }

  @ParameterizedTest
  @EnumSource(Transport.class)
  void blockingForms_refuseAnEventLoopThread_whileAsyncFormsWorkThere(Transport transport)
      throws Exception {
    TaskManager manager = fixture.manager(transport);
    manager.setParallelizedTaskQueueActive(false);
    CompletableFuture<Throwable> blocking = new CompletableFuture<>();
    CompletableFuture<ParallelizedTaskMessage> async = new CompletableFuture<>();
    fixture
        .node
        .vertx()
        .runOnContext(
            v -> {
              try {
                manager.addParallelizedTask("Echo", null);
                blocking.complete(null);
              } catch (Throwable e) {
                blocking.complete(e);
              }
              manager
                  .addParallelizedTaskAsync("Echo", null)
                  .onComplete(
                      done -> {
                        if (done.succeeded()) {
                          async.complete(done.result());
                        } else {
                          async.completeExceptionally(done.cause());
                        }
                      });
            });

    Throwable refused = blocking.get(10, TimeUnit.SECONDS);
    assertInstanceOf(IllegalStateException.class, refused);
    assertTrue(refused.getMessage().contains("Async"), refused.getMessage());
    String id = async.get(10, TimeUnit.SECONDS).getMessageId();
    assertEquals(
        List.of(id),
        manager.getRegisteredInfo().getParallelizedTaskQueueInfo().getWaitingTasksInfo().stream()
            .map(RegisteredTaskInfo::getMessageId)
            .toList());
  }

  @Test
  void eventBus_withoutAQueueService_isUnavailable() {
    Vertx lonely = Vertx.vertx();
    try {
      TaskManager manager = EventBusTaskManager.create(lonely, "default");
      assertCode(
          ErrorCode.UNAVAILABLE,
          assertThrows(TaskControlException.class, manager::getRegisteredInfo));
    } finally {
      await(lonely.close());
    }
  }
}
