package io.ordo.deploy.farm;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.ordo.deploy.Api;
import io.ordo.deploy.Tasks;
import io.vertx.core.json.JsonObject;
import java.util.Map;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * A second queue service added to a running {@code deploy/farm} by hand, as README's farm section
 * says: {@code . D/farm.env}, then {@code java -jar ordo.jar queue} with its own node name and HTTP
 * port. It joins the farm's cluster (the name and port {@code start} chose are in that file): a
 * task registered through it runs on the farm's runner, and a release and a forced stop sent
 * through it reach that runner over the event bus.
 */
@Tag("farm")
class FarmByHandIT {
  private static final String TOKEN = "farm-token";

  @Test
  void aQueueServiceAddedByHandFromFarmEnv_joinsTheFarm_andControlsItsRunners() throws Exception {
    try (Farm farm = Farm.start(1, Map.of("ORDO_DEV_TOKEN", TOKEN))) {
      int second = farm.startQueueServiceByHand(2);
      try (Api api = new Api(second, TOKEN)) {
        Tasks tasks = new Tasks(api);
        String id = tasks.parallel("Sleep", new JsonObject().put("millis", 60_000));
        tasks.await(id, "RUNNING");
        Api.Reply released =
            api.post(
                "/tasks/" + id + "/release",
                new JsonObject().put("reentry", true).put("stop", false));
        assertEquals(200, released.status(), released.body().toString());
        tasks.await(id, "RUNNING");
        Api.Reply stopped =
            api.post(
                "/tasks/" + id + "/stop",
                new JsonObject().put("reentry", false).put("stop", false));
        assertEquals(200, stopped.status(), stopped.body().toString());
        assertEquals(
            "STOPPED", tasks.await(id, "DISPOSED").getJsonObject("outcome").getString("type"));
      }
    }
  }
}
