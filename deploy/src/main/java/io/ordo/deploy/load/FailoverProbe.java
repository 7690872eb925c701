package io.ordo.deploy.load;

import io.vertx.core.json.JsonObject;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;

/**
 * Measures the time from a runner's kill -9 to its tasks running elsewhere, on a farm started with
 * {@code deploy/farm}: it fills the runners with long Sleep tasks, kills the runner named, and
 * watches each task that runner held until it is RUNNING again on another node.
 *
 * <pre>java -cp ordo.jar io.ordo.deploy.load.FailoverProbe URL TOKEN FARM_DIR RUNNER_INDEX</pre>
 */
public final class FailoverProbe {
  private final HttpClient http = HttpClient.newHttpClient();
  private final String url;
  private final String token;

  private FailoverProbe(String url, String token) {
    this.url = url;
    this.token = token;
  }

  public static void main(String[] args) throws Exception {
    if (args.length != 4) {
      System.err.println("usage: FailoverProbe URL TOKEN FARM_DIR RUNNER_INDEX");
      System.exit(2);
    }
    FailoverProbe probe = new FailoverProbe(args[0], args[1]);
    Path pidFile = Path.of(args[2], "pids", "runner-" + args[3] + ".pid");
    long pid = Long.parseLong(Files.readString(pidFile).trim());
    List<Long> millis = probe.run("runner-" + args[3], pid);
    Collections.sort(millis);
    System.out.println(
        new JsonObject()
            .put("tasksMoved", millis.size())
            .put("medianMillis", millis.get(millis.size() / 2))
            .put("maxMillis", millis.get(millis.size() - 1))
            .encode());
  }

  private List<Long> run(String victim, long pid) throws Exception {
    List<String> ids = new ArrayList<>();
    for (int i = 0; i < 12; i++) { // half the farm's slots: the others have room to take over
      JsonObject body =
          new JsonObject()
              .put("taskClassName", "Sleep")
              .put("parameter", Map.of("millis", 120_000));
      ids.add(send("POST", "/api/v1/parallel-queue/tasks", body).getString("messageId"));
    }
    List<String> held = new ArrayList<>();
    long deadline = System.currentTimeMillis() + 60_000;
    while (held.isEmpty() && System.currentTimeMillis() < deadline) {
      Thread.sleep(200);
      for (String id : ids) {
        JsonObject info = send("GET", "/api/v1/tasks/" + id, null);
        if ("RUNNING".equals(info.getString("state")) && victim.equals(info.getString("node"))) {
          held.add(id);
        }
      }
    }
    if (held.isEmpty()) {
      throw new IllegalStateException(victim + " never ran one of the probe's tasks");
    }
    ProcessHandle.of(pid).orElseThrow().destroyForcibly();
    long killed = System.currentTimeMillis();
    List<Long> moved = new ArrayList<>();
    List<String> left = new ArrayList<>(held);
    while (!left.isEmpty() && System.currentTimeMillis() < killed + 300_000) {
      for (String id : List.copyOf(left)) {
        JsonObject info = send("GET", "/api/v1/tasks/" + id, null);
        if ("RUNNING".equals(info.getString("state")) && !victim.equals(info.getString("node"))) {
          moved.add(System.currentTimeMillis() - killed);
          left.remove(id);
        }
      }
      Thread.sleep(50);
    }
    for (String id : ids) {
      send("POST", "/api/v1/tasks/" + id + "/release", new JsonObject()); // end the probe's load
    }
    return moved;
  }

  private JsonObject send(String method, String path, JsonObject body) throws Exception {
    HttpRequest.Builder request =
        HttpRequest.newBuilder(URI.create(url + path)).header("Authorization", "Bearer " + token);
    if (body != null) {
      request.header("content-type", "application/json");
    }
    request.method(
        method,
        body == null
            ? HttpRequest.BodyPublishers.noBody()
            : HttpRequest.BodyPublishers.ofString(body.encode()));
    String answer = http.send(request.build(), HttpResponse.BodyHandlers.ofString()).body();
    return answer.startsWith("{") ? new JsonObject(answer) : new JsonObject();
  }
}
