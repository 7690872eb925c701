package io.ordo.deploy.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.ordo.deploy.Api;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * SPEC 3.1 and 3.2: queues are FIFO also when hundreds of clients register at once. Nothing is
 * lost, every message has its own id, the waiting list is in order of received time, and what one
 * client registered one after the other stays in that order.
 */
class FifoRegistrationApiTest extends NodeApiTest {
  private static final int MESSAGES = 400;
  private static final int CLIENTS = 200;

  @Test
  void concurrentRegistrations_intoOneSerialQueue_keepFifo() throws Exception {
    addSerialQueue(api, "fifo.serial", false);
    Map<Integer, List<String>> sent = registerConcurrently("/serial-queues/fifo.serial/tasks");
    JsonArray waiting =
        api.get("/serial-queues/fifo.serial?limit=1000").json().getJsonArray("waitingTasks");
    assertFifo(sent, waiting);
    assertEquals(MESSAGES, api.get("/serial-queues/fifo.serial").json().getInteger("waitingCount"));
  }

  @Test
  void concurrentRegistrations_intoTheParallelQueue_keepFifo() throws Exception {
    setParallelActive(api, false);
    Map<Integer, List<String>> sent = registerConcurrently("/parallel-queue/tasks");
    JsonArray waiting = api.get("/parallel-queue?limit=1000").json().getJsonArray("waitingTasks");
    assertFifo(sent, waiting);
    assertEquals(MESSAGES, api.get("/parallel-queue").json().getInteger("waitingCount"));
  }

  /**
   * Registers {@link #MESSAGES} messages from {@link #CLIENTS} threads released at once; each
   * thread sends its share one after the other. Returns each client's message ids in its order.
   */
  private Map<Integer, List<String>> registerConcurrently(String path) throws Exception {
    ExecutorService pool = Executors.newFixedThreadPool(CLIENTS);
    Map<Integer, List<String>> sent = new ConcurrentHashMap<>();
    CountDownLatch start = new CountDownLatch(1);
    try {
      List<Future<?>> clients = new ArrayList<>();
      for (int c = 0; c < CLIENTS; c++) {
        int client = c;
        clients.add(
            pool.submit(
                () -> {
                  start.await();
                  List<String> mine = new ArrayList<>();
                  for (int i = 0; i < MESSAGES / CLIENTS; i++) {
                    Api.Reply reply =
                        api.post(
                            path, task("Echo", new JsonObject().put("client", client).put("i", i)));
                    assertEquals(201, reply.status(), () -> reply.body().toString());
                    mine.add(reply.json().getString("messageId"));
                  }
                  sent.put(client, mine);
                  return null;
                }));
      }
      start.countDown();
      for (Future<?> client : clients) {
        client.get(120, TimeUnit.SECONDS);
      }
    } finally {
      pool.shutdownNow();
    }
    return sent;
  }

  private static void assertFifo(Map<Integer, List<String>> sent, JsonArray waiting) {
    Set<String> registered = new HashSet<>();
    sent.values().forEach(registered::addAll);
    assertEquals(MESSAGES, registered.size(), "every registration got its own id");
    List<String> order = ids(waiting);
    assertEquals(MESSAGES, order.size(), "every message waits in the queue");
    assertEquals(registered, Set.copyOf(order), "the waiting messages are the registered ones");

    Instant previous = Instant.MIN;
    for (int i = 0; i < waiting.size(); i++) {
      Instant received = Instant.parse(waiting.getJsonObject(i).getString("receivedTime"));
      int position = i;
      Instant before = previous;
      assertFalse(
          received.isBefore(before),
          () -> "position " + position + " received " + received + " before " + before);
      previous = received;
    }

    // A client that waited for each answer before sending the next sees its messages in order.
    for (Map.Entry<Integer, List<String>> client : sent.entrySet()) {
      List<String> positions = client.getValue();
      int last = -1;
      for (String id : positions) {
        int at = order.indexOf(id);
        int lastAt = last;
        assertTrue(
            at > lastAt,
            () -> "client " + client.getKey() + ": " + id + " at " + at + " after " + lastAt);
        last = at;
      }
    }
  }
}
