package io.ordo.deploy.later;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.ordo.deploy.Api;
import io.ordo.deploy.HistoryChecker;
import io.ordo.deploy.NodeRoles;
import io.ordo.deploy.TestNode;
import io.ordo.deploy.tasks.FlakyTask;
import io.vertx.core.json.JsonObject;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Retry policies: back-off, order, non-retryable errors, timeouts, stopProgressOnError, restart.
 */
class RetryTest extends LaterTest {

  @Test
  void parallelQueue_failedRunsAreRetriedWithGrowingBackoff_keepingTheReceivedTime() {
    JsonObject policy = retry(3, 10).put("backoffCoefficient", 2);
    String id =
        flaky(
            "/parallel-queue/tasks",
            "p",
            new JsonObject().put("failTimes", 2),
            new JsonObject().put("retry", policy));
    String received = api.get("/tasks/" + id).json().getString("receivedTime");

    JsonObject waiting = awaitWaitingAfter(id, 1);
    assertEquals(received, waiting.getString("receivedTime"));
    assertEquals(3, waiting.getJsonObject("retry").getInteger("maximumAttempts"));
    assertEquals(Duration.ofSeconds(10), backoff(id, 0));
    assertEquals(waiting.getString("notBefore"), nextAttempt(id, 0).toString());

    advance(10);
    awaitWaitingAfter(id, 2);
    assertEquals(Duration.ofSeconds(20), backoff(id, 1), "10 s × 2");

    advance(20);
    JsonObject done = tasks.await(id, "DISPOSED");
    assertEquals("COMPLETED", done.getJsonObject("outcome").getString("type"));
    assertEquals(3, done.getInteger("attempt"));
    assertEquals(List.of(1, 2, 3), FlakyTask.attempts("p"), "TaskContext.attempt() counts");
    JsonObject retried =
        events(id, "TaskRetryScheduled").get(0).getJsonObject("taskRetryScheduledEventAttributes");
    assertEquals("java.lang.IllegalStateException", retried.getString("error"));
    assertEquals(1, retried.getInteger("attempt"));
    assertEquals(List.of(), HistoryChecker.problems(tasks.history(id), done));
    assertTrue(
        api.as(null)
            .get("/metrics")
            .body()
            .toString()
            .lines()
            .anyMatch(
                line ->
                    line.startsWith("ordo_messages_retry_scheduled_total{")
                        && !line.endsWith(" 0.0")),
        "retries are counted");
  }

  @Test
  void serialQueue_aRetryingHeadKeepsItsPlace_andTheQueueWaitsForIt() {
    tasks.addSerialQueue("com.example.retry", true);
    String path = "/serial-queues/com.example.retry/tasks";
    String head =
        flaky(
            path,
            "head",
            new JsonObject().put("failTimes", 1),
            new JsonObject().put("retry", retry(2, 10)));
    String next = flaky(path, "next", new JsonObject(), new JsonObject());

    awaitWaitingAfter(head, 1);
    tasks.await(
        flaky("/parallel-queue/tasks", "p", new JsonObject(), new JsonObject()), "DISPOSED");
    JsonObject queue = api.get("/serial-queues/com.example.retry").json();
    assertEquals("DELAYED", queue.getString("blockedReason"));
    assertEquals(head, queue.getJsonObject("blockedDetails").getString("messageId"));
    assertEquals(List.of(), FlakyTask.attempts("next"), "nothing overtakes a retrying head");

    advance(10);
    tasks.await(next, "DISPOSED");
    assertEquals(List.of("head#1", "p#1", "head#2", "next#1"), FlakyTask.RUNS);
    assertEquals(
        "COMPLETED", api.get("/tasks/" + head).json().getJsonObject("outcome").getString("type"));
  }

  @Test
  void nonRetryableErrors_endTheMessageAtOnce() {
    String id =
        flaky(
            "/parallel-queue/tasks",
            "n",
            new JsonObject().put("failTimes", 5).put("illegalArgument", true),
            new JsonObject()
                .put(
                    "retry",
                    retry(5, 1)
                        .put("nonRetryableErrors", List.of("java.lang.IllegalArgumentException"))));
    JsonObject done = tasks.await(id, "DISPOSED");
    assertEquals("FAILED", done.getJsonObject("outcome").getString("type"));
    assertEquals(List.of(1), FlakyTask.attempts("n"));
    assertEquals(List.of(), events(id, "TaskRetryScheduled"));
    assertRetryState(id, done, "TaskFailed", "NON_RETRYABLE_FAILURE");
  }

  /** The message's terminal event and its outcome say why its last failed run was not retried. */
  private void assertRetryState(String id, JsonObject done, String eventType, String state) {
    String attributes =
        Character.toLowerCase(eventType.charAt(0)) + eventType.substring(1) + "EventAttributes";
    assertEquals(
        state, events(id, eventType).get(0).getJsonObject(attributes).getString("retryState"));
    assertEquals(state, done.getJsonObject("outcome").getString("retryState"), done::encode);
  }

  @Test
  void stopProgressOnError_appliesOnlyWhenTheLastAttemptFails() {
    tasks.addSerialQueue("com.example.stop", true);
    String id =
        flaky(
            "/serial-queues/com.example.stop/tasks",
            "s",
            new JsonObject().put("failTimes", 5),
            new JsonObject().put("stopProgressOnError", true).put("retry", retry(2, 5)));
    String behind =
        flaky("/serial-queues/com.example.stop/tasks", "b", new JsonObject(), new JsonObject());
    awaitWaitingAfter(id, 1);
    assertTrue(api.get("/serial-queues/com.example.stop").json().getBoolean("isActive"));

    advance(5);
    JsonObject done = tasks.await(id, "DISPOSED");
    assertEquals("FAILED", done.getJsonObject("outcome").getString("type"));
    JsonObject queue = api.get("/serial-queues/com.example.stop").json();
    assertFalse(queue.getBoolean("isActive"));
    assertEquals("STOPPED_ON_ERROR", queue.getString("blockedReason"));
    assertEquals(List.of(1, 2), FlakyTask.attempts("s"));
    assertRetryState(id, done, "TaskFailed", "MAXIMUM_ATTEMPTS_REACHED");
    assertEquals("WAITING", api.get("/tasks/" + behind).json().getString("state"));
    assertEquals(List.of(), FlakyTask.attempts("b"));
  }

  @Test
  void aTimedOutRun_countsAsAFailure_andIsRetried() {
    String id = hangingFirstRuns("t", 1);
    JsonObject retried =
        events(id, "TaskRetryScheduled").get(0).getJsonObject("taskRetryScheduledEventAttributes");
    assertEquals("START_TO_CLOSE", retried.getString("timeoutType"));
    assertEquals("Ordo.Timeout.START_TO_CLOSE", retried.getString("error"));

    advance(5);
    JsonObject done = tasks.await(id, "DISPOSED");
    assertEquals("COMPLETED", done.getJsonObject("outcome").getString("type"));
    assertEquals(List.of(1, 2), FlakyTask.attempts("t"));
  }

  @Test
  void aTimedOutLastAttempt_endsTheMessage_sayingItsAttemptsAreUsedUp() {
    String id = hangingFirstRuns("tt", 2);
    advance(5);
    awaitRunningAttempt(id, 2);
    advance(31);

    JsonObject done = tasks.await(id, "DISPOSED");
    assertEquals("TIMED_OUT", done.getJsonObject("outcome").getString("type"));
    assertRetryState(id, done, "TaskTimedOut", "MAXIMUM_ATTEMPTS_REACHED");
  }

  /**
   * A message whose first {@code hangs} runs hang (START_TO_CLOSE 30 s, 2 attempts 5 s apart), its
   * first run timed out and retried: it waits for its second attempt.
   */
  private String hangingFirstRuns(String key, int hangs) {
    String id =
        flaky(
            "/parallel-queue/tasks",
            key,
            new JsonObject().put("hangTimes", hangs),
            new JsonObject()
                .put("timeouts", new JsonObject().put("startToClose", 30))
                .put("retry", retry(2, 5)));
    tasks.await(id, "RUNNING");
    advance(31);
    awaitWaitingAfter(id, 1);
    return id;
  }

  private void awaitRunningAttempt(String id, int attempt) {
    api.await(
        "/tasks/" + id,
        reply ->
            "RUNNING".equals(reply.json().getString("state"))
                && reply.json().getInteger("attempt") == attempt,
        java.time.Duration.ofSeconds(20));
  }

  @Test
  void aTaskTypesDefaultPolicy_appliesUnlessTheMessageSetsItsOwn() {
    String byDefault =
        flaky(
            "/parallel-queue/tasks", "def", new JsonObject().put("failTimes", 1), new JsonObject());
    JsonObject waiting = awaitWaitingAfter(byDefault, 1);
    assertEquals(3, waiting.getJsonObject("retry").getInteger("maximumAttempts"));
    assertEquals(Duration.ofSeconds(10), backoff(byDefault, 0));

    String optedOut =
        flaky(
            "/parallel-queue/tasks",
            "own",
            new JsonObject().put("failTimes", 1),
            new JsonObject().put("retry", new JsonObject().put("maximumAttempts", 1)));
    JsonObject done = tasks.await(optedOut, "DISPOSED");
    assertEquals("FAILED", done.getJsonObject("outcome").getString("type"));
    assertRetryState(optedOut, done, "TaskFailed", "MAXIMUM_ATTEMPTS_REACHED");
  }

  @Test
  void aRestartDuringTheBackoff_stillRetries() {
    String id =
        flaky(
            "/parallel-queue/tasks",
            "r",
            new JsonObject().put("failTimes", 1),
            new JsonObject().put("retry", retry(2, 30)));
    awaitWaitingAfter(id, 1);

    api.close();
    node.close();
    node = TestNode.start(environment(), NodeRoles.all(), false, clock);
    api = new Api(node.httpPort(), TestNode.OPERATOR);
    tasks = new io.ordo.deploy.Tasks(api);

    advance(30);
    JsonObject done = tasks.await(id, "DISPOSED");
    assertEquals("COMPLETED", done.getJsonObject("outcome").getString("type"));
    assertEquals(List.of(1, 2), FlakyTask.attempts("r"));
  }

  /**
   * The back-off of the {@code n}-th retry, in whole seconds: its next attempt's time minus its
   * event's time (kept to the millisecond).
   */
  private Duration backoff(String id, int n) {
    JsonObject event = events(id, "TaskRetryScheduled").get(n);
    long at = Math.round(event.getDouble("eventTimestamp") * 1000);
    long millis = nextAttempt(id, n).toEpochMilli() - at;
    return Duration.ofSeconds(Math.round(millis / 1000.0));
  }

  private Instant nextAttempt(String id, int n) {
    return Instant.parse(
        events(id, "TaskRetryScheduled")
            .get(n)
            .getJsonObject("taskRetryScheduledEventAttributes")
            .getString("nextAttemptTime"));
  }
}
