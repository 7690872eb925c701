package io.ordo.client.it;

import static io.ordo.client.it.Await.failure;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.ordo.client.http.OrdoClient;
import io.ordo.client.http.RegisteredInfo;
import io.ordo.client.http.SerializedTaskMessage;
import io.ordo.client.http.TaskManager;
import io.ordo.client.http.exception.ConnectionFailedException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.time.Duration;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/** No answer: a node that is not there, one that dies mid-call, one whose answer is lost. */
@ExtendWith(SharedNode.class)
class ConnectionFailureTest {
  @Test
  void aNodeThatIsNotThere_isAConnectionFailure() throws Exception {
    int port;
    try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      port = socket.getLocalPort();
    }
    TaskManager tasks =
        OrdoClient.builder()
            .baseUrl("http://127.0.0.1:" + port)
            .token("t")
            .retryDelay(Duration.ofMillis(10))
            .build()
            .tasks();
    ConnectionFailedException e =
        assertThrows(ConnectionFailedException.class, tasks::getRegisteredInfo);
    assertEquals("connection_failed", e.code());
    assertTrue(e.detail().contains("127.0.0.1:" + port), e.detail());
    ErrorsTest.assertCallersStack(e, "aNodeThatIsNotThere");
    assertInstanceOf(
        ConnectionFailedException.class, failure(tasks.addParallelizedTaskAsync("Echo", null)));
  }

  @Test
  void aNodeThatDiesMidCall_isAConnectionFailure() throws Exception {
    try (NodeProcess dying = NodeProcess.start()) {
      TaskManager tasks =
          OrdoClient.builder()
              .baseUrl(dying.baseUrl())
              .token(NodeProcess.OPERATOR)
              .maxRetries(0)
              .build()
              .tasks();
      tasks.getRegisteredInfo(); // it answers while it lives

      dying.pause();
      CompletableFuture<RegisteredInfo> pending = tasks.getRegisteredInfoAsync();
      assertFalse(pending.isDone(), "the call waits for the paused node");
      dying.kill();

      Throwable failure = failure(pending);
      assertInstanceOf(ConnectionFailedException.class, failure, String.valueOf(failure));
      assertThrows(ConnectionFailedException.class, tasks::getRegisteredInfo);
    }
  }

  @Test
  void aLostAnswer_isRetriedWithTheSameIdempotencyKey_andRegistersOnce(NodeProcess node)
      throws Exception {
    String queueId = "it.retry." + UUID.randomUUID();
    TaskManager direct = TaskManagerTest.client(node, NodeProcess.OPERATOR).tasks();
    direct.addSerializedTaskQueue(queueId, false);
    try (DroppingProxy proxy = new DroppingProxy(node.baseUrl())) {
      TaskManager tasks =
          OrdoClient.builder()
              .baseUrl(proxy.baseUrl())
              .token(NodeProcess.OPERATOR)
              .retryDelay(Duration.ofMillis(10))
              .build()
              .tasks();

      SerializedTaskMessage message = tasks.addSerializedTask(queueId, "Echo", null, false);

      assertEquals(2, proxy.requests().size(), "the first answer was lost, the call retried");
      String firstKey = idempotencyKey(proxy.requests().get(0));
      assertEquals(firstKey, idempotencyKey(proxy.requests().get(1)));
      assertEquals(1, direct.getSerializedTaskQueueInfo(queueId).getWaitingCount());
      assertEquals(
          message.getMessageId(),
          direct.getSerializedTaskQueueInfo(queueId).getWaitingTasksInfo().get(0).getMessageId());
    }
  }

  private static String idempotencyKey(String request) {
    Matcher key = Pattern.compile("\"idempotencyKey\":\"([^\"]+)\"").matcher(request);
    assertTrue(key.find(), "no idempotencyKey in " + request);
    return key.group(1);
  }
}
