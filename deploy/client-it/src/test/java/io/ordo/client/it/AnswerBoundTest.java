package io.ordo.client.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.ordo.client.http.OrdoClient;
import io.ordo.client.http.TaskManager;
import io.ordo.client.http.TaskQuery;
import io.ordo.client.http.exception.TaskControlException;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/**
 * The longest answer the client reads is the application's to set: a tenant whose waiting tasks
 * carry large parameters has queue lists longer than the default bound (1,000 tasks of 70 KB read
 * 'longer than 67108864 bytes' from a node), and only a larger bound reads them.
 */
class AnswerBoundTest extends WithOperatorTasks {
  private static final int TASKS = 40;

  private TaskManager bounded(long maxAnswerBytes) {
    return OrdoClient.builder()
        .baseUrl(node.baseUrl())
        .token(NodeProcess.OPERATOR)
        .maxAnswerBytes(maxAnswerBytes)
        .build()
        .tasks();
  }

  @Test
  void aQueueListLongerThanTheBound_isRefused_andALargerBoundReadsIt() {
    String queueId = "it.bound." + UUID.randomUUID();
    tasks.addSerializedTaskQueue(queueId, false); // inactive: every message stays waiting
    Map<String, Object> parameter = Map.of("text", "x".repeat(4096));
    for (int i = 0; i < TASKS; i++) {
      tasks.addSerializedTask(queueId, "Echo", parameter, false);
    }

    TaskControlException e =
        assertThrows(
            TaskControlException.class,
            () -> bounded(64 * 1024).getSerializedTaskQueueInfo(queueId));
    assertEquals("invalid_answer", e.code());
    assertTrue(e.getMessage().contains("OrdoClient.Builder.maxAnswerBytes"), e.getMessage());

    TaskManager larger = bounded(1 << 20);
    assertEquals(TASKS, larger.getSerializedTaskQueueInfo(queueId).getWaitingTasksInfo().size());
    assertEquals(
        TASKS,
        larger.list(TaskQuery.all().queue("serial", queueId).limit(1000)).tasks().size(),
        "a page of the task list too");
  }
}
