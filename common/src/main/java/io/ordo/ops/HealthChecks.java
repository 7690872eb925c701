package io.ordo.ops;

import io.vertx.core.Future;
import io.vertx.core.json.JsonObject;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Supplier;

/**
 * One node's checks of one kind: each service adds its own. Readiness (database reachable,
 * migrations done, lease held) passes when every check passes and there is at least one; liveness
 * (a runner or history service can reach a queue service) passes when no check fails, none
 * included. A check that does not answer within {@link #CHECK_TIMEOUT_MILLIS} fails: a database
 * that hangs (its processes stopped, a network that drops packets) left {@code /health/ready}
 * without an answer for as long as it hung, where it should say the node is not ready, and why.
 */
public final class HealthChecks {
  /** How long one check may take before it counts as failed. */
  public static final long CHECK_TIMEOUT_MILLIS = 2_000;

  private final Map<String, Supplier<Future<Void>>> checks = new ConcurrentHashMap<>();
  private final boolean upWithoutChecks;

  private HealthChecks(boolean upWithoutChecks) {
    this.upWithoutChecks = upWithoutChecks;
  }

  /** Readiness checks: a node with none is not ready (no service has started). */
  public static HealthChecks readiness() {
    return new HealthChecks(false);
  }

  /** Liveness checks: a node with none is live. */
  public static HealthChecks liveness() {
    return new HealthChecks(true);
  }

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
                    return e.getValue()
                        .get()
                        .timeout(CHECK_TIMEOUT_MILLIS, TimeUnit.MILLISECONDS)
                        .recover(HealthChecks::named);
                  } catch (RuntimeException error) {
                    return Future.<Void>failedFuture(error);
                  }
                })
            .toList();
    return Future.join(results)
        .transform(
            done -> {
              JsonObject details = new JsonObject();
              boolean up = upWithoutChecks || !entries.isEmpty();
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

  private static Future<Void> named(Throwable error) {
    if (error instanceof TimeoutException) {
      return Future.failedFuture(
          new IllegalStateException("no answer within " + CHECK_TIMEOUT_MILLIS + " ms"));
    }
    return Future.failedFuture(error);
  }

  /** The outcome of the checks. */
  public record Report(boolean up, JsonObject checks) {
    public JsonObject toJson() {
      return new JsonObject().put("status", up ? "UP" : "DOWN").put("checks", checks);
    }
  }
}
