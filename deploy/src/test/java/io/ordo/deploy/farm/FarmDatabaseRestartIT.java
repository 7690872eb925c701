package io.ordo.deploy.farm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.ordo.deploy.Api;
import io.ordo.deploy.Tasks;
import io.vertx.core.json.JsonObject;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * The farm's database JVM ({@code java -jar ordo.jar database}) stopped and started again under a
 * running farm: it comes back at the URL every JVM of the farm holds, so the queue service, the
 * runner and the history service reconnect without a restart, and nothing accepted before is lost:
 * the messages that waited in an inactive queue and the one that ran meanwhile all complete.
 */
@Tag("farm")
class FarmDatabaseRestartIT {
  private static final String TOKEN = "farm-token";
  private static final int WAITING = 5;

  @Test
  void aRestartedDatabase_comesBackAtItsUrl_andTheFarmGoesOnWithoutLosingAnything()
      throws Exception {
    Map<String, String> env =
        Map.of(
            "ORDO_DEV_TOKEN", TOKEN, "ORDO_LOCK_RENEWAL_PERIOD", "1", "ORDO_ROUND_INTERVAL", "1");
    try (Farm farm = Farm.start(1, env);
        Api api = new Api(farm.httpPort(), TOKEN)) {
      Tasks tasks = new Tasks(api);
      String running = tasks.parallel("Sleep", new JsonObject().put("millis", 4000));
      tasks.await(running, "RUNNING");
      tasks.addSerialQueue("farm.waiting", false);
      List<String> waiting = new ArrayList<>();
      for (int i = 0; i < WAITING; i++) {
        waiting.add(tasks.serial("farm.waiting", "Echo", new JsonObject().put("i", i), false));
      }

      String before = farm.databaseUrl();
      assertEquals(before, farm.restartDatabase(), "the restarted database's URL");

      api.await("/health/ready", r -> r.status() == 200, Duration.ofMinutes(2));
      assertEquals(
          200,
          api.put("/serial-queues/farm.waiting/active", new JsonObject().put("active", true))
              .status());
      for (String id : waiting) {
        api.await(
            "/tasks/" + id,
            r -> r.status() == 200 && "DISPOSED".equals(r.json().getString("state")),
            Duration.ofMinutes(2));
        assertEquals(
            "COMPLETED", api.get("/tasks/" + id).json().getJsonObject("outcome").getString("type"));
      }
      api.await(
          "/tasks/" + running,
          r -> r.status() == 200 && "DISPOSED".equals(r.json().getString("state")),
          Duration.ofMinutes(2));
      assertEquals(
          "COMPLETED",
          api.get("/tasks/" + running).json().getJsonObject("outcome").getString("type"));
      // the history service reads from the restarted database too
      assertTrue(tasks.eventTypes(waiting.get(WAITING - 1)).contains("TaskCompleted"));
    }
  }
}
