package io.ordo.deploy.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;

import io.vertx.core.json.JsonObject;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Waiting lists page past their {@code limit}: {@code waitingNextPageToken} names where the next
 * page starts (after the last entry shown), so the pages together are the whole list in queue
 * order, even when the head leaves meanwhile.
 */
class WaitingPagingApiTest extends NodeApiTest {

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
