package io.ordo.client.it;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.ordo.client.http.OrdoClient;
import io.ordo.client.http.RegisteredTaskInfo;
import io.ordo.client.http.TaskManager;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/** Clients created and used from 50 threads at once, and one client shared by 50 threads. */
@ExtendWith(SharedNode.class)
class ConcurrencyTest {
  private static final int THREADS = 50;
  private static final int PER_THREAD = 4;

  @Test
  void fiftyThreads_eachCreatingAClient_registerEveryMessageOnce(NodeProcess node)
      throws Exception {
    String queueId = "it.fifty." + UUID.randomUUID();
    TaskManager admin = TaskManagerTest.client(node, NodeProcess.OPERATOR).tasks();
    admin.addSerializedTaskQueue(queueId, false);
    Set<String> ids =
        inFiftyThreads(
            thread -> {
              TaskManager own = TaskManagerTest.client(node, NodeProcess.OPERATOR).tasks();
              List<String> mine = new ArrayList<>();
              for (int i = 0; i < PER_THREAD; i++) {
                mine.add(
                    own.addSerializedTask(queueId, "Echo", Map.of("t", thread, "i", i), false)
                        .getMessageId());
              }
              return mine;
            });
    assertEquals(THREADS * PER_THREAD, ids.size());
    assertEquals(ids, waitingIds(admin, queueId));
  }

  @Test
  void oneClient_sharedByFiftyThreads_blockingAndAsync(NodeProcess node) throws Exception {
    String queueId = "it.shared." + UUID.randomUUID();
    TaskManager shared =
        OrdoClient.builder().baseUrl(node.baseUrl()).token(NodeProcess.OPERATOR).build().tasks();
    shared.addSerializedTaskQueue(queueId, false);
    Set<String> ids =
        inFiftyThreads(
            thread -> {
              List<String> mine = new ArrayList<>();
              for (int i = 0; i < PER_THREAD; i++) {
                mine.add(
                    i % 2 == 0
                        ? shared.addSerializedTask(queueId, "Echo", null, false).getMessageId()
                        : shared
                            .addSerializedTaskAsync(queueId, "Echo", null, false)
                            .get(30, TimeUnit.SECONDS)
                            .getMessageId());
                shared.getRegisteredInfo();
              }
              return mine;
            });
    assertEquals(THREADS * PER_THREAD, ids.size());
    assertEquals(ids, waitingIds(shared, queueId));
  }

  private interface Work {
    List<String> run(int thread) throws Exception;
  }

  /** Runs {@code work} in 50 threads released at once; the union of what they return. */
  private static Set<String> inFiftyThreads(Work work) throws Exception {
    ExecutorService pool = Executors.newFixedThreadPool(THREADS);
    try {
      CountDownLatch start = new CountDownLatch(1);
      List<Future<List<String>>> results = new ArrayList<>();
      for (int t = 0; t < THREADS; t++) {
        int thread = t;
        Callable<List<String>> task =
            () -> {
              start.await();
              return work.run(thread);
            };
        results.add(pool.submit(task));
      }
      start.countDown();
      Set<String> ids = new HashSet<>();
      for (Future<List<String>> result : results) {
        ids.addAll(result.get(120, TimeUnit.SECONDS));
      }
      return ids;
    } finally {
      pool.shutdownNow();
    }
  }

  private static Set<String> waitingIds(TaskManager tasks, String queueId) {
    Set<String> ids = new HashSet<>();
    tasks.getSerializedTaskQueueInfo(queueId).getWaitingTasksInfo().stream()
        .map(RegisteredTaskInfo::getMessageId)
        .forEach(ids::add);
    return ids;
  }
}
