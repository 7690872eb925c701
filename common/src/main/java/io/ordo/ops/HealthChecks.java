package io.ordo.ops;

import io.vertx.core.Future;
import io.vertx.core.json.JsonObject;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Supplier;

/**
 * The readiness checks of one node: each service adds its own (database reachable, migrations done,
 * cluster joined, lease held). The node is ready when every check passes.
 */
public final class HealthChecks {
  private final Map<String, Supplier<Future<Void>>> checks = new ConcurrentHashMap<>();

  public void register(String name, Supplier<Future<Void>> check) {
    checks.put(name, check);
  }

  public void unregister(String name) {
    checks.remove(name);
  }

  /** Runs every check; the answer lists each with UP or DOWN and why. */
  public Future<Report> run() {
    List<Map.Entry<String, Supplier<Future<Void>>>> entries = List.copyOf(checks.entrySet());
    List<Future<Void>> results =
        entries.stream()
            .map(
                e -> {
                  try {
                    return e.getValue().get();
                  } catch (RuntimeException error) {
                    return Future.<Void>failedFuture(error);
                  }
                })
            .toList();
    return Future.join(results)
        .transform(
            done -> {
              JsonObject details = new JsonObject();
              boolean up = !entries.isEmpty();
              for (int i = 0; i < entries.size(); i++) {
                Future<Void> result = results.get(i);
                if (result.succeeded()) {
                  details.put(entries.get(i).getKey(), new JsonObject().put("status", "UP"));
                } else {
                  up = false;
                  details.put(
                      entries.get(i).getKey(),
                      new JsonObject()
                          .put("status", "DOWN")
                          .put("reason", String.valueOf(result.cause().getMessage())));
                }
              }
              return Future.succeededFuture(new Report(up, details));
            });
  }

  /** The outcome of the checks. */
  public record Report(boolean up, JsonObject checks) {
    public JsonObject toJson() {
      return new JsonObject().put("status", up ? "UP" : "DOWN").put("checks", checks);
    }
  }
}
