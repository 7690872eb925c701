package io.ordo.deploy.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.ordo.deploy.Api;
import io.ordo.deploy.TestNode;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** GET /tasks: live and finished tasks of a tenant, filtered, newest first, a page at a time. */
class TaskListApiTest extends NodeApiTest {

  @Test
  void list_showsLiveAndFinishedTasks_newestFirst_withStatusErrorAndDuration() {
    String completed = registerParallel(api, task("Echo")).getString("messageId");
    awaitState(completed, "DISPOSED");
    String failed =
        registerParallel(api, task("Fail", new JsonObject().put("message", "no")))
            .getString("messageId");
    awaitState(failed, "DISPOSED");
    setParallelActive(api, false);
    String waiting = registerParallel(api, task("Echo")).getString("messageId");

    JsonObject page = list("");

    JsonArray tasks = page.getJsonArray("tasks");
    assertEquals(List.of(waiting, failed, completed), ids(tasks));
    assertNull(page.getString("nextPageToken"));
    JsonObject w = tasks.getJsonObject(0);
    assertEquals("WAITING", w.getString("status"));
    assertEquals("WAITING", w.getString("state"));
    assertNull(w.getString("endTime"));
    JsonObject f = tasks.getJsonObject(1);
    assertEquals("FAILED", f.getString("status"));
    assertEquals("DISPOSED", f.getString("state"));
    assertNotNull(f.getString("error"), f::encode);
    assertEquals("no", f.getJsonObject("outcome").getString("cause"), f::encode);
    assertEquals(
        "RETRY_POLICY_NOT_SET", f.getJsonObject("outcome").getString("retryState"), f::encode);
    assertEquals(new JsonObject().put("message", "no"), f.getJsonObject("parameter"));
    JsonObject c = tasks.getJsonObject(2);
    assertEquals("COMPLETED", c.getString("status"));
    assertNotNull(c.getString("endTime"));
    assertNotNull(c.getString("receivedTime"));
    assertNotNull(c.getString("startTime"));
    assertTrue(c.getLong("durationMillis") >= 0, c::encode);
    assertNull(c.getString("error"));
  }

  @Test
  void statusFilter_takesSeveralStatuses_repeatedOrCommaSeparated() {
    String completed = registerParallel(api, task("Echo")).getString("messageId");
    String failed = registerParallel(api, task("Fail")).getString("messageId");
    awaitState(completed, "DISPOSED");
    awaitState(failed, "DISPOSED");
    setParallelActive(api, false);
    String waiting = registerParallel(api, task("Echo")).getString("messageId");
    String removed = registerParallel(api, task("Echo")).getString("messageId");
    assertEquals(204, api.delete("/tasks/" + removed).status());

    assertEquals(List.of(failed), ids(list("status=FAILED").getJsonArray("tasks")));
    assertEquals(List.of(waiting), ids(list("status=WAITING").getJsonArray("tasks")));
    JsonArray removedRows = list("status=REMOVED").getJsonArray("tasks");
    assertEquals(List.of(removed), ids(removedRows));
    // never started: from its reception to its end
    JsonObject neverStarted = removedRows.getJsonObject(0);
    assertNull(neverStarted.getString("startTime"));
    assertTrue(neverStarted.getLong("durationMillis") >= 0, neverStarted::encode);
    assertEquals(
        Set.of(waiting, completed),
        Set.copyOf(ids(list("status=WAITING,COMPLETED").getJsonArray("tasks"))));
    assertEquals(
        Set.of(failed, completed),
        Set.copyOf(ids(list("status=FAILED&status=completed").getJsonArray("tasks"))));
    assertEquals(List.of(), ids(list("status=RUNNING").getJsonArray("tasks")));
  }

  @Test
  void runningStatus_coversATaskARunnerHolds() {
    String sleeping =
        registerParallel(api, task("Sleep", new JsonObject().put("millis", 60_000)))
            .getString("messageId");
    awaitState(sleeping, "RUNNING");

    JsonArray running = list("status=RUNNING").getJsonArray("tasks");

    assertEquals(List.of(sleeping), ids(running));
    assertEquals("RUNNING", running.getJsonObject(0).getString("status"));
    api.post("/tasks/" + sleeping + "/release", new JsonObject());
    awaitState(sleeping, "DISPOSED");
    assertEquals(List.of(sleeping), ids(list("status=RELEASED").getJsonArray("tasks")));
  }

  @Test
  void queueQueueIdAndTaskFilters_selectTheirTasks_liveAndFinished() {
    addSerialQueue(api, "list.a", true);
    addSerialQueue(api, "list.b", false);
    String echoA = registerSerial(api, "list.a", task("Echo")).getString("messageId");
    awaitState(echoA, "DISPOSED");
    String failA = registerSerial(api, "list.a", task("Fail")).getString("messageId");
    awaitState(failA, "DISPOSED");
    JsonObject waitingB = registerSerial(api, "list.b", task("Echo"));
    setParallelActive(api, false);
    String parallel = registerParallel(api, task("Echo")).getString("messageId");
    String echoClass = waitingB.getString("taskClassName");

    assertEquals(List.of(parallel), ids(list("queue=parallel").getJsonArray("tasks")));
    assertEquals(
        List.of(waitingB.getString("messageId"), failA, echoA),
        ids(list("queue=serial").getJsonArray("tasks")));
    assertEquals(List.of(failA, echoA), ids(list("queueId=list.a").getJsonArray("tasks")));
    assertEquals(
        List.of(waitingB.getString("messageId")),
        ids(list("queueId=list.b").getJsonArray("tasks")));
    assertEquals(
        List.of(parallel, waitingB.getString("messageId"), echoA),
        ids(list("taskClassName=" + encode(echoClass)).getJsonArray("tasks")));
    assertEquals(
        List.of(echoA),
        ids(
            list("taskClassName=" + encode(echoClass) + "&queueId=list.a&status=COMPLETED")
                .getJsonArray("tasks")));
    // an alias, as a registration takes it, names the same class
    assertEquals(
        List.of(parallel, waitingB.getString("messageId"), echoA),
        ids(list("taskClassName=Echo").getJsonArray("tasks")));
    assertEquals(List.of(), ids(list("jsPath=nothing.js").getJsonArray("tasks")));
  }

  @Test
  void sinceAndUntil_selectTasksReceivedOrEndedInTheWindow() {
    String early = registerParallel(api, task("Echo")).getString("messageId");
    awaitState(early, "DISPOSED");
    JsonObject earlyRow = list("").getJsonArray("tasks").getJsonObject(0);
    Instant boundary = Instant.parse(earlyRow.getString("endTime")).plusNanos(1_000);
    awaitClockPast(boundary);
    setParallelActive(api, false);
    String late = registerParallel(api, task("Echo")).getString("messageId");

    assertEquals(List.of(late), ids(list("since=" + boundary).getJsonArray("tasks")));
    assertEquals(List.of(early), ids(list("until=" + boundary).getJsonArray("tasks")));
    Instant received = Instant.parse(earlyRow.getString("receivedTime"));
    assertEquals(
        List.of(early),
        ids(
            list("since=" + received + "&until=" + received.plusNanos(1_000))
                .getJsonArray("tasks")),
        "a task received in the window");
    assertEquals(
        List.of(early),
        ids(
            list("since=" + boundary.minusNanos(1_000) + "&until=" + boundary)
                .getJsonArray("tasks")),
        "a task that ended in the window");
  }

  @Test
  void paging_answersEveryTaskOnce_inOrder() {
    setParallelActive(api, false);
    List<String> registered = new ArrayList<>();
    for (int i = 0; i < 7; i++) {
      registered.add(0, registerParallel(api, task("Echo")).getString("messageId"));
    }

    List<JsonObject> pages = pages("limit=3");

    assertEquals(3, pages.size());
    assertEquals(
        List.of(3, 3, 1), pages.stream().map(p -> p.getJsonArray("tasks").size()).toList());
    assertEquals(registered, allIds(pages));
    assertNull(pages.get(2).getString("nextPageToken"));
  }

  @Test
  void paging_acrossCompletions_answersEveryTaskOnce() {
    setParallelActive(api, false);
    List<String> registered = new ArrayList<>();
    for (int i = 0; i < 12; i++) {
      registered.add(0, registerParallel(api, task("Echo")).getString("messageId"));
    }
    JsonObject first = list("limit=4");
    assertEquals(registered.subList(0, 4), ids(first.getJsonArray("tasks")));

    // the queue runs: tasks move from the task table to their closed histories while we page
    setParallelActive(api, true);
    JsonObject second = list("limit=4&nextPageToken=" + encode(first.getString("nextPageToken")));
    for (String id : registered) {
      awaitState(id, "DISPOSED");
    }
    JsonObject third = list("limit=4&nextPageToken=" + encode(second.getString("nextPageToken")));

    List<String> seen = new ArrayList<>();
    seen.addAll(ids(first.getJsonArray("tasks")));
    seen.addAll(ids(second.getJsonArray("tasks")));
    seen.addAll(ids(third.getJsonArray("tasks")));
    assertEquals(registered, seen, "each task once, newest first, across the page boundaries");
    assertEquals(Set.of("COMPLETED"), statuses(third));
    String after = third.getString("nextPageToken");
    assertTrue(
        after == null
            || list("limit=4&nextPageToken=" + encode(after)).getJsonArray("tasks").isEmpty());
  }

  @Test
  void tenants_seeOnlyTheirOwnTasks_andTheirOwnPageTokens() {
    setParallelActive(api, false);
    registerParallel(api, task("Echo"));
    registerParallel(api, task("Echo"));
    // another token on the same client (closed with it)
    Api other = api.as(TestNode.OTHER_TENANT);
    setParallelActive(other, false);
    String mine = registerParallel(other, task("Echo")).getString("messageId");

    Api.Reply theirs = other.get("/tasks");
    assertEquals(200, theirs.status(), () -> theirs.body().toString());
    assertEquals(List.of(mine), ids(theirs.json().getJsonArray("tasks")));
    assertEquals(2, list("").getJsonArray("tasks").size());

    String token = list("limit=1").getString("nextPageToken");
    assertNotNull(token);
    assertProblem(
        other.get("/tasks?limit=1&nextPageToken=" + encode(token)),
        400,
        "invalid_request",
        "nextPageToken");
  }

  @Test
  void invalidFilters_areProblems() {
    assertProblem(api.get("/tasks?status=DONE"), 400, "invalid_request", "status", "DONE");
    assertProblem(api.get("/tasks?status=FAILED,"), 400, "invalid_request", "status");
    assertProblem(api.get("/tasks?since=yesterday"), 400, "invalid_request", "since");
    assertProblem(api.get("/tasks?until=2026-13-01T00:00:00Z"), 400, "invalid_request", "until");
    assertProblem(
        api.get("/tasks?since=2026-01-02T00:00:00Z&until=2026-01-01T00:00:00Z"),
        400,
        "invalid_request",
        "since");
    assertProblem(
        api.get("/tasks?since=%2B100000-01-01T00:00:00Z"), 400, "invalid_request", "since");
    assertProblem(api.get("/tasks?executionId=abc"), 400, "invalid_request", "executionId");
    assertProblem(api.get("/tasks?nextPageToken=abc.def"), 400, "invalid_request", "nextPageToken");
    assertProblem(api.get("/tasks?nextPageToken=nodot"), 400, "invalid_request", "nextPageToken");
    assertEquals(400, api.get("/tasks?queue=both").status());
    assertEquals(400, api.get("/tasks?limit=0").status());
    assertEquals(400, api.get("/tasks?limit=1001").status());
    assertEquals(400, api.get("/tasks?limit=x").status());
  }

  @Test
  void forgedPageToken_isRefused() {
    setParallelActive(api, false);
    registerParallel(api, task("Echo"));
    registerParallel(api, task("Echo"));
    String token = list("limit=1").getString("nextPageToken");
    String forged = token.substring(0, token.indexOf('.')) + ".AAAA";

    assertProblem(
        api.get("/tasks?nextPageToken=" + encode(forged)), 400, "invalid_request", "nextPageToken");
    assertProblem(
        api.get("/executions?nextPageToken=" + encode(token)),
        400,
        "invalid_request",
        "another list");
    // a token this API issued, for a list: a history says so, and does not deny issuing it
    String id = registerParallel(api, task("Echo")).getString("messageId");
    api.delete("/tasks/" + id); // a second event: its history has two pages of one
    assertProblem(
        api.get("/tasks/" + id + "/history?nextPageToken=" + encode(token)),
        400,
        "invalid_request",
        "another list");
    // and a history's token on a list
    String historyToken =
        api.get("/tasks/" + id + "/history?maximumPageSize=1").json().getString("nextPageToken");
    assertProblem(
        api.get("/tasks?nextPageToken=" + encode(historyToken)),
        400,
        "invalid_request",
        "another list");
  }

  private JsonObject list(String query) {
    Api.Reply reply = api.get("/tasks" + (query.isEmpty() ? "" : "?" + query));
    assertEquals(200, reply.status(), () -> query + ": " + reply.body());
    return reply.json();
  }

  private List<JsonObject> pages(String query) {
    List<JsonObject> pages = new ArrayList<>();
    JsonObject page = list(query);
    pages.add(page);
    Set<String> tokens = new HashSet<>();
    while (page.getString("nextPageToken") != null) {
      assertTrue(tokens.add(page.getString("nextPageToken")), "a new token for each page");
      page = list(query + "&nextPageToken=" + encode(page.getString("nextPageToken")));
      pages.add(page);
    }
    return pages;
  }

  private static List<String> allIds(List<JsonObject> pages) {
    List<String> all = new ArrayList<>();
    pages.forEach(p -> all.addAll(ids(p.getJsonArray("tasks"))));
    return all;
  }

  private static Set<String> statuses(JsonObject page) {
    Set<String> statuses = new HashSet<>();
    page.getJsonArray("tasks").forEach(t -> statuses.add(((JsonObject) t).getString("status")));
    return statuses;
  }

  static String encode(String value) {
    return URLEncoder.encode(value, StandardCharsets.UTF_8);
  }

  /** Waits (without sleeping a fixed time) until this machine's clock has passed {@code time}. */
  private static void awaitClockPast(Instant time) {
    while (!Instant.now().isAfter(time)) {
      Thread.onSpinWait();
    }
  }
}
