package io.ordo.deploy.farm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.ordo.deploy.Api;
import io.ordo.deploy.Tasks;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * A farm's metrics, as Prometheus finds them: {@code deploy/farm start} writes a file_sd targets
 * file naming every JVM's metrics endpoint with its service and node, each endpoint answers with
 * that node's series, and GET /api/v1/runners lists the same runners.
 */
@Tag("farm")
class FarmMetricsIT {
  private static final String TOKEN = "farm-metrics-token";

  @Test
  void theTargetsFile_namesEveryJvmsMetricsEndpoint_andTheRunnersListTheSameNodes()
      throws Exception {
    try (Farm farm =
            Farm.start(2, Map.of("ORDO_DEV_TOKEN", TOKEN, "ORDO_LOCK_RENEWAL_PERIOD", "1"));
        Api api = new Api(farm.httpPort(), TOKEN)) {
      JsonArray targets = new JsonArray(Files.readString(farm.prometheusTargets()));
      List<String> nodes = new ArrayList<>();
      HttpClient http = HttpClient.newHttpClient();
      for (Object t : targets) {
        JsonObject target = (JsonObject) t;
        String node = target.getJsonObject("labels").getString("node");
        String service = target.getJsonObject("labels").getString("service");
        nodes.add(service + ":" + node);
        String address = target.getJsonArray("targets").getString(0);
        HttpResponse<String> metrics =
            http.send(
                HttpRequest.newBuilder(URI.create("http://" + address + "/metrics"))
                    .timeout(Duration.ofSeconds(10))
                    .build(),
                HttpResponse.BodyHandlers.ofString());
        assertEquals(200, metrics.statusCode(), address);
        if (service.equals("runner")) {
          assertTrue(
              metrics.body().contains("ordo_runner_busy_threads{node=\"" + node + "\"}"),
              node + " at " + address + ":\n" + metrics.body());
        } else {
          assertTrue(metrics.body().contains("jvm_memory_used_bytes"), address);
        }
      }
      assertEquals(
          List.of("queue:queue-1", "history:history-1", "runner:runner-1", "runner:runner-2"),
          nodes);

      JsonArray runners =
          api.await("/runners", r -> r.status() == 200 && r.array().size() == 2, Tasks.WAIT)
              .array();
      assertEquals("runner-1", runners.getJsonObject(0).getString("node"));
      assertEquals("runner-2", runners.getJsonObject(1).getString("node"));
    }
  }
}
