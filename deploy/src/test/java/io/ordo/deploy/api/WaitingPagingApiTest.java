package io.ordo.deploy.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;

import io.ordo.deploy.Api;
import io.ordo.deploy.TestNode;
import io.vertx.core.json.JsonObject;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Waiting lists page past their {@code limit}: {@code waitingNextPageToken} names where the next
 * page starts (after the last entry shown), so the pages together are the whole list in queue
 * order, even when the head leaves meanwhile. The token is signed and bound to its queue: one of
 * another queue or tenant, or an altered one, is a bad request.
 */
class WaitingPagingApiTest extends NodeApiTest {
  private static final Base64.Encoder URL_ENCODER = Base64.getUrlEncoder().withoutPadding();
  private static final Base64.Decoder URL_DECODER = Base64.getUrlDecoder();

  @Test
  void parallelQueue_pagesThroughTheWholeWaitingListInOrder() {
    setParallelActive(api, false);
    List<String> ids = registerEchoes("/parallel-queue/tasks", 7);

    assertEquals(ids, pages("/parallel-queue", 3, null));
  }

  @Test
  void serialQueue_pagesThroughTheWholeWaitingListInOrder() {
    addSerialQueue(api, "paging.q", false);
    List<String> ids = registerEchoes("/serial-queues/paging.q/tasks", 5);

    assertEquals(ids, pages("/serial-queues/paging.q", 2, null));
  }

  @Test
  void aPage_startsAfterThePageBefore_evenWhenItsHeadLeftMeanwhile() {
    setParallelActive(api, false);
    List<String> ids = registerEchoes("/parallel-queue/tasks", 6);
    JsonObject first = api.get("/parallel-queue?limit=3").json();
    String token = first.getString("waitingNextPageToken");
    assertNotNull(token, first::encode);

    assertEquals(204, api.delete("/tasks/" + ids.get(0)).status());
    JsonObject second = api.get("/parallel-queue?limit=3&waitingPageToken=" + token).json();

    assertEquals(ids.subList(3, 6), ids(second.getJsonArray("waitingTasks")));
    assertNull(second.getValue("waitingNextPageToken"), "the last page");
    assertEquals(5, second.getInteger("waitingCount"), "the counts are the whole queue's");
  }

  @Test
  void aTokenThisApiDidNotGive_isABadRequest() {
    assertProblem(
        api.get("/parallel-queue?waitingPageToken=not-a-token"),
        400,
        "invalid_request",
        "waitingPageToken");
  }

  @Test
  void aTokenOfAnotherQueue_isABadRequest() {
    setParallelActive(api, false);
    addSerialQueue(api, "paging.a", false);
    addSerialQueue(api, "paging.b", false);
    registerEchoes("/parallel-queue/tasks", 2);
    registerEchoes("/serial-queues/paging.a/tasks", 2);
    registerEchoes("/serial-queues/paging.b/tasks", 2);
    String parallel = nextToken(api, "/parallel-queue");
    String serialA = nextToken(api, "/serial-queues/paging.a");

    assertProblem(
        api.get("/serial-queues/paging.b?limit=1&waitingPageToken=" + serialA),
        400,
        "invalid_request",
        "waitingPageToken",
        "another queue");
    assertProblem(
        api.get("/parallel-queue?limit=1&waitingPageToken=" + serialA),
        400,
        "invalid_request",
        "waitingPageToken",
        "another queue");
    assertProblem(
        api.get("/serial-queues/paging.a?limit=1&waitingPageToken=" + parallel),
        400,
        "invalid_request",
        "waitingPageToken",
        "another queue");
    assertEquals(
        200, api.get("/serial-queues/paging.a?limit=1&waitingPageToken=" + serialA).status());
  }

  @Test
  void aTokenOfAnotherTenant_isABadRequest() {
    Api acme = api.as(TestNode.OTHER_TENANT);
    for (Api client : List.of(api, acme)) {
      setParallelActive(client, false);
      addSerialQueue(client, "shared.name", false);
      for (int i = 0; i < 2; i++) {
        registerParallel(client, task("Echo"));
        registerSerial(client, "shared.name", task("Echo"));
      }
    }

    for (String queue : List.of("/parallel-queue", "/serial-queues/shared.name")) {
      String ours = nextToken(api, queue);
      assertProblem(
          acme.get(queue + "?limit=1&waitingPageToken=" + ours),
          400,
          "invalid_request",
          "waitingPageToken",
          "tenant");
      assertEquals(200, api.get(queue + "?limit=1&waitingPageToken=" + ours).status());
    }
  }

  @Test
  void anAlteredOrUnsignedToken_isABadRequest() {
    setParallelActive(api, false);
    registerEchoes("/parallel-queue/tasks", 3);
    String token = nextToken(api, "/parallel-queue");
    int dot = token.indexOf('.');
    JsonObject fields = new JsonObject(new String(URL_DECODER.decode(token.substring(0, dot))));
    String movedOn =
        URL_ENCODER.encodeToString(
            fields.copy().put("p", fields.getLong("p") + 1).encode().getBytes());
    String forgedQueue =
        URL_ENCODER.encodeToString(fields.copy().put("q", "paging.a").encode().getBytes());
    // the form this list's tokens had before they were signed: receivedAt|position
    String unsigned =
        URL_ENCODER.encodeToString((fields.getString("t") + "|" + fields.getLong("p")).getBytes());
    String signature = token.substring(dot + 1);
    String otherSignature = (signature.charAt(0) == 'A' ? "B" : "A") + signature.substring(1);

    for (String forged :
        List.of(
            movedOn + "." + signature,
            forgedQueue + "." + signature,
            token.substring(0, dot) + "." + otherSignature,
            token + "x",
            unsigned,
            "not-a-token")) {
      assertProblem(
          api.get("/parallel-queue?limit=1&waitingPageToken=" + forged),
          400,
          "invalid_request",
          "waitingPageToken",
          "not one this API gave");
    }
    assertEquals(200, api.get("/parallel-queue?limit=1&waitingPageToken=" + token).status());
  }

  /** The token of the second page of a queue's waiting list, one task a page. */
  private static String nextToken(Api client, String queuePath) {
    JsonObject first = client.get(queuePath + "?limit=1").json();
    String token = first.getString("waitingNextPageToken");
    assertNotNull(token, first::encode);
    return token;
  }

  /** Every page of a queue's waiting list, following the tokens; asserts each page's size. */
  private List<String> pages(String queuePath, int limit, String token) {
    List<String> seen = new ArrayList<>();
    do {
      String path =
          queuePath + "?limit=" + limit + (token == null ? "" : "&waitingPageToken=" + token);
      JsonObject page = api.get(path).json();
      List<String> ids = ids(page.getJsonArray("waitingTasks"));
      token = page.getString("waitingNextPageToken");
      assertEquals(token == null ? ids.size() : limit, ids.size(), page::encode);
      seen.addAll(ids);
    } while (token != null && seen.size() < 1000);
    return seen;
  }
}
