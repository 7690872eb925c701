package io.ordo.deploy.later;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.ordo.deploy.Api;
import io.ordo.deploy.NodeTest;
import io.ordo.deploy.Tasks;
import io.ordo.deploy.tasks.FlakyTask;
import io.ordo.testing.SettableClock;
import io.vertx.core.json.JsonObject;
import java.time.Clock;
import java.time.Duration;
import java.util.List;

/** What delay and retry tests share: a node on a clock the test moves, and the Flaky task. */
abstract class LaterTest extends NodeTest {
  protected final SettableClock clock = SettableClock.atNow();

  @Override
  protected Clock clock() {
    return clock;
  }

  @Override
  protected void reset() {
    FlakyTask.RUNS.clear();
  }

  /** Registers a Flaky message with extra body members; answers its id. */
  protected String flaky(String path, String key, JsonObject parameter, JsonObject extra) {
    JsonObject body =
        new JsonObject()
            .put("taskClassName", "Flaky")
            .put("parameter", parameter.copy().put("key", key));
    extra.forEach(e -> body.put(e.getKey(), e.getValue()));
    Api.Reply reply = api.post(path, body);
    assertEquals(201, reply.status(), reply.body().toString());
    return reply.json().getString("messageId");
  }

  /** Waits until a message waits again after {@code attempt} runs (a retry's back-off). */
  protected JsonObject awaitWaitingAfter(String id, int attempt) {
    return api.await(
            "/tasks/" + id,
            r ->
                "WAITING".equals(r.json().getString("state"))
                    && r.json().getInteger("attempt") == attempt,
            Tasks.WAIT)
        .json();
  }

  protected void advance(long seconds) {
    clock.advance(Duration.ofSeconds(seconds));
  }

  protected List<JsonObject> events(String id, String type) {
    return tasks.history(id).stream().filter(e -> type.equals(e.getString("eventType"))).toList();
  }

  protected static JsonObject retry(int attempts, int intervalSeconds) {
    return new JsonObject()
        .put("maximumAttempts", attempts)
        .put("initialIntervalSeconds", intervalSeconds);
  }
}
