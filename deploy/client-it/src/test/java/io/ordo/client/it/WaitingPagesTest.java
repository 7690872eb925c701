package io.ordo.client.it;

import static io.ordo.client.it.Await.result;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.ordo.client.http.RegisteredParallelizedTaskQueueInfo;
import io.ordo.client.http.RegisteredSerializedTaskQueueInfo;
import io.ordo.client.http.RegisteredTaskInfo;
import io.ordo.client.http.TaskManager;
import io.ordo.client.http.exception.InvalidRequestException;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/** A queue's waiting list a page at a time, in queue order, past the first page. */
class WaitingPagesTest extends WithOperatorTasks {
  @Test
  void aSerialQueuesWaitingList_isPagedInQueueOrder_toItsLastPage() throws Exception {
    String queueId = "it.pages." + UUID.randomUUID();
    tasks.addSerializedTaskQueue(queueId, false); // inactive: every message stays waiting
    List<String> registered = new ArrayList<>();
    for (int i = 0; i < 5; i++) {
      registered.add(tasks.addSerializedTask(queueId, "Echo", null, false).getMessageId());
    }

    List<String> paged = new ArrayList<>();
    List<Integer> sizes = new ArrayList<>();
    String token = null;
    do {
      RegisteredSerializedTaskQueueInfo page =
          token == null
              ? tasks.getSerializedTaskQueueInfo(queueId, 2, null)
              : result(tasks.getSerializedTaskQueueInfoAsync(queueId, 2, token));
      assertEquals(5, page.getWaitingCount(), "the count is the whole queue's");
      sizes.add(page.getWaitingTasksInfo().size());
      page.getWaitingTasksInfo().forEach(task -> paged.add(task.getMessageId()));
      token = page.getWaitingNextPageToken();
    } while (token != null);

    assertEquals(registered, paged);
    assertEquals(List.of(2, 2, 1), sizes);
    assertNull(tasks.getSerializedTaskQueueInfo(queueId).getWaitingNextPageToken());
    assertThrows(
        InvalidRequestException.class,
        () -> tasks.getSerializedTaskQueueInfo(queueId, 2, "not-a-token"));
    assertThrows(
        IllegalArgumentException.class, () -> tasks.getSerializedTaskQueueInfo(queueId, -1, null));
    assertThrows(
        IllegalArgumentException.class,
        () -> tasks.getSerializedTaskQueueInfo(queueId, TaskManager.LIST_LIMIT + 1, null));
  }

  @Test
  void theParallelQueuesWaitingList_isPagedInQueueOrder() throws Exception {
    tasks.setParallelizedTaskQueueActive(false);
    try {
      List<String> registered = new ArrayList<>();
      for (int i = 0; i < 3; i++) {
        registered.add(tasks.addParallelizedTask("Echo", null).getMessageId());
      }
      List<String> paged = new ArrayList<>();
      RegisteredParallelizedTaskQueueInfo page = tasks.getParallelizedTaskQueueInfo(1, null);
      assertNotNull(page.getWaitingNextPageToken(), "three wait: a page of one has a next");
      while (true) {
        page.getWaitingTasksInfo().stream()
            .map(RegisteredTaskInfo::getMessageId)
            .filter(registered::contains)
            .forEach(paged::add);
        if (page.getWaitingNextPageToken() == null) {
          break;
        }
        page = result(tasks.getParallelizedTaskQueueInfoAsync(1, page.getWaitingNextPageToken()));
      }
      assertEquals(registered, paged);
    } finally {
      tasks.setParallelizedTaskQueueActive(true);
    }
  }
}
