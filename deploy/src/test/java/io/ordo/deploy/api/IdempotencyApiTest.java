package io.ordo.deploy.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.ordo.deploy.Api;
import io.ordo.deploy.OrdoNode;
import io.ordo.deploy.TestNode;
import io.vertx.core.http.HttpMethod;
import io.vertx.core.json.JsonObject;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * SPEC 3.2: a registration repeated with the same idempotency key (per tenant), however often and
 * however concurrently, creates one message and answers with that message.
 */
class IdempotencyApiTest extends NodeApiTest {
  private static final int REPEATS = 50;

  @BeforeEach
  void holdTheQueues() {
    setParallelActive(api, false);
  }

  @Test
  void sameKeyInTheHeader_concurrently_createsOneMessage() throws Exception {
    List<Api.Reply> replies =
        concurrently(
            () ->
                api.send(
                    HttpMethod.POST,
                    "/parallel-queue/tasks",
                    task("Echo", new JsonObject().put("order", 1)),
                    Map.of("Idempotency-Key", "order-1")));
    String id = assertOneMessage(replies);
    assertEquals(List.of(id), waitingIds("/parallel-queue"));
  }

  @Test
  void sameKeyInTheBody_concurrently_createsOneMessage() throws Exception {
    List<Api.Reply> replies =
        concurrently(
            () ->
                api.post(
                    "/parallel-queue/tasks",
                    task("Echo", new JsonObject().put("order", 2))
                        .put("idempotencyKey", "order-2")));
    String id = assertOneMessage(replies);
    assertEquals(List.of(id), waitingIds("/parallel-queue"));
  }

  @Test
  void sameKey_inASerialQueue_concurrently_createsOneMessage() throws Exception {
    addSerialQueue(api, "idem.serial", false);
    List<Api.Reply> replies =
        concurrently(
            () ->
                api.send(
                    HttpMethod.POST,
                    "/serial-queues/idem.serial/tasks",
                    task("Echo"),
                    Map.of("Idempotency-Key", "serial-key")));
    String id = assertOneMessage(replies);
    assertEquals(List.of(id), waitingIds("/serial-queues/idem.serial"));
  }

  @Test
  void headerAndBody_nameTheSameKey() {
    String fromHeader =
        assertCreated(
            api.send(
                HttpMethod.POST,
                "/parallel-queue/tasks",
                task("Echo"),
                Map.of("Idempotency-Key", "either-way")));
    String fromBody =
        assertCreated(
            api.post("/parallel-queue/tasks", task("Echo").put("idempotencyKey", "either-way")));
    assertEquals(fromHeader, fromBody);
    assertEquals(List.of(fromHeader), waitingIds("/parallel-queue"));
  }

  @Test
  void differentKeys_createDifferentMessages() {
    String a =
        assertCreated(api.post("/parallel-queue/tasks", task("Echo").put("idempotencyKey", "a")));
    String b =
        assertCreated(api.post("/parallel-queue/tasks", task("Echo").put("idempotencyKey", "b")));
    String none = assertCreated(api.post("/parallel-queue/tasks", task("Echo")));
    assertEquals(3, Set.of(a, b, none).size());
    assertEquals(List.of(a, b, none), waitingIds("/parallel-queue"));
  }

  @Test
  void aKeyIsCountedInCharacters_notInUtf16Units() {
    String emoji = "\ud83d\ude00";
    String first =
        assertCreated(
            api.post(
                "/parallel-queue/tasks", task("Echo").put("idempotencyKey", emoji.repeat(200))));
    String again =
        assertCreated(
            api.post(
                "/parallel-queue/tasks", task("Echo").put("idempotencyKey", emoji.repeat(200))));
    assertEquals(first, again);
    Api.Reply tooLong =
        api.post("/parallel-queue/tasks", task("Echo").put("idempotencyKey", "k".repeat(256)));
    assertEquals(400, tooLong.status(), tooLong.body().toString());
  }

  @Test
  void repeatAfterTheMessageWasRemoved_answersWithThatMessage() {
    JsonObject body = task("Echo").put("idempotencyKey", "removed-later");
    String id = assertCreated(api.post("/parallel-queue/tasks", body));
    assertEquals(204, api.delete("/tasks/" + id).status());

    Api.Reply again = api.post("/parallel-queue/tasks", body);

    assertTrue(Set.of(200, 201).contains(again.status()), () -> again.body().toString());
    assertEquals(id, again.json().getString("messageId"));
    assertEquals("DISPOSED", again.json().getString("state"));
    assertEquals(0, api.get("/parallel-queue").json().getInteger("waitingCount"));
  }

  @Test
  void tenants_useKeysIndependently() throws Exception {
    Api acme = api.as(TestNode.OTHER_TENANT);
    setParallelActive(acme, false);
    JsonObject body = task("Echo").put("idempotencyKey", "shared-key");

    List<Api.Reply> replies = new ArrayList<>();
    replies.addAll(concurrently(() -> api.post("/parallel-queue/tasks", body)));
    List<Api.Reply> acmeReplies = concurrently(() -> acme.post("/parallel-queue/tasks", body));

    String ours = assertOneMessage(replies);
    String theirs = assertOneMessage(acmeReplies);
    assertNotEquals(ours, theirs);
    assertEquals(List.of(ours), waitingIds("/parallel-queue"));
    assertEquals(
        List.of(theirs), ids(acme.get("/parallel-queue").json().getJsonArray("waitingTasks")));
    assertEquals(404, acme.get("/tasks/" + ours).status());
  }

  @Test
  void sameKey_concurrentlyThroughTwoNodes_createsOneMessage() throws Exception {
    try (OrdoNode second = TestNode.start();
        Api other = new Api(second.httpPort(), TestNode.OPERATOR)) {
      JsonObject body = task("Echo").put("idempotencyKey", "two-nodes");
      AtomicInteger turn = new AtomicInteger();
      List<Api.Reply> replies =
          concurrently(
              () ->
                  (turn.getAndIncrement() % 2 == 0 ? api : other)
                      .post("/parallel-queue/tasks", body));
      String id = assertOneMessage(replies);
      assertEquals(List.of(id), waitingIds("/parallel-queue"));
    }
  }

  @Test
  void keyOfARefusedRegistration_canBeUsedAgain() {
    JsonObject body = task("Echo").put("idempotencyKey", "refused-first");
    assertProblem(
        api.post("/serial-queues/idem.later/tasks", body), 404, "queue_not_found", "idem.later");
    addSerialQueue(api, "idem.later", false);

    String id = assertCreated(api.post("/serial-queues/idem.later/tasks", body));

    assertEquals(List.of(id), waitingIds("/serial-queues/idem.later"));
  }

  private static List<Api.Reply> concurrently(Supplier<Api.Reply> request) throws Exception {
    return Concurrently.run(REPEATS, request);
  }

  /** Every reply is a success naming the same message; that id. */
  private static String assertOneMessage(List<Api.Reply> replies) {
    assertEquals(REPEATS, replies.size());
    for (Api.Reply reply : replies) {
      assertTrue(Set.of(200, 201).contains(reply.status()), () -> reply.body().toString());
    }
    Set<String> ids =
        Set.copyOf(replies.stream().map(r -> r.json().getString("messageId")).toList());
    assertEquals(1, ids.size(), () -> "one message for one key, got " + ids);
    return ids.iterator().next();
  }

  private static String assertCreated(Api.Reply reply) {
    assertTrue(Set.of(200, 201).contains(reply.status()), () -> reply.body().toString());
    return reply.json().getString("messageId");
  }

  private List<String> waitingIds(String queuePath) {
    JsonObject queue = api.get(queuePath).json();
    assertEquals(
        queue.getJsonArray("waitingTasks").size(), queue.getInteger("waitingCount"), queue::encode);
    return ids(queue.getJsonArray("waitingTasks"));
  }
}
