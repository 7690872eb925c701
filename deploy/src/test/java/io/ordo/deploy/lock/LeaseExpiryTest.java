package io.ordo.deploy.lock;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.ordo.deploy.Api;
import io.ordo.deploy.NodeTest;
import io.ordo.deploy.TestNode;
import io.ordo.testing.TestDatabase;
import io.vertx.core.json.JsonObject;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * SPEC 6, crash recovery: when the lease of the runner holding a message expires, the message goes
 * back to the head of its queue (attempt + 1) with TaskLeaseExpired; after max-attempts expiries it
 * fails with Ordo.LeaseExpired, and stopProgressOnError applies. The runner's lease is made to
 * expire behind its back, as a long pause would.
 */
class LeaseExpiryTest extends NodeTest {

  @Override
  protected Map<String, String> environment() {
    Map<String, String> env = TestNode.environment();
    env.put("ORDO_MAX_ATTEMPTS", "2");
    env.put("ORDO_LOCK_LEASE", "10");
    return env;
  }

  @Test
  void anExpiredLease_requeuesTheTask_andMaxAttemptsExpiriesFailIt() {
    tasks.addSerialQueue("lease.q", true);
    String id = tasks.serial("lease.q", "Sleep", new JsonObject().put("millis", 120_000), true);
    String behind = tasks.serial("lease.q", "Echo", new JsonObject(), false);

    JsonObject first = tasks.await(id, "RUNNING");
    assertEquals(1, first.getInteger("attempt"));
    expireLeases();
    // recovered: back at the head, run again as attempt 2 (the same runner, under a new lease)
    api.await(
        "/tasks/" + id,
        r -> r.json().getInteger("attempt") == 2 && "RUNNING".equals(r.json().getString("state")),
        java.time.Duration.ofSeconds(20));
    assertEquals(
        "WAITING",
        api.get("/tasks/" + behind).json().getString("state"),
        "the queue kept its order");

    expireLeases();
    JsonObject failed = tasks.await(id, "DISPOSED");
    assertEquals("FAILED", failed.getJsonObject("outcome").getString("type"));
    assertEquals("Ordo.LeaseExpired", failed.getJsonObject("outcome").getString("error"));
    List<String> events = tasks.eventTypes(id);
    assertEquals(
        List.of(
            "TaskScheduled",
            "TaskAccepted",
            "TaskStarted",
            "TaskLeaseExpired",
            "TaskAccepted",
            "TaskStarted",
            "TaskLeaseExpired",
            "TaskFailed",
            "QueueDeactivated"),
        events);
    assertTrue(
        !api.get("/serial-queues/lease.q").json().getBoolean("isActive"),
        "stopProgressOnError applied");
    String metrics = api.as(null).get("/metrics").body().toString();
    assertTrue(
        metrics.contains(
            "ordo_messages_lease_expired_total{queue_kind=\"serial\",tenant=\"default\"} 2.0"),
        metrics);
    assertTrue(
        metrics
            .lines()
            .anyMatch(
                line ->
                    line.startsWith("ordo_lease_renewals_total{")
                        && line.contains("kind=\"runner\"")
                        && line.contains("outcome=\"expired\"")
                        && !line.endsWith(" 0.0")),
        "the runner's renewals found its lease expired");
  }

  @Test
  void afterALostLease_theRunnerAnswersReleaseUnderItsNewOwner() {
    String ownerBefore = node.runner().ownerId();
    String lost = tasks.parallel("Sleep", new JsonObject().put("millis", 120_000));
    tasks.await(lost, "RUNNING");
    expireLeases();
    // the runner registers anew, its old hold is recovered and runs again under the new owner
    api.await(
        "/tasks/" + lost,
        r -> r.json().getInteger("attempt") == 2 && "RUNNING".equals(r.json().getString("state")),
        java.time.Duration.ofSeconds(20));
    String ownerAfter = node.runner().ownerId();
    assertTrue(ownerAfter != null && !ownerAfter.equals(ownerBefore), ownerAfter);

    Api.Reply released =
        api.post(
            "/tasks/" + lost + "/release",
            new JsonObject().put("reentry", false).put("stop", false));
    assertEquals(200, released.status(), released.body().toString());
    assertEquals("RELEASED", released.json().getJsonObject("outcome").getString("type"));
  }

  /** Every live lease lapses now, as if its owner had been paused past it. */
  private static void expireLeases() {
    TestDatabase.update(
        "UPDATE ordo_lock_owner SET lease_expires_at = now() - interval '1 second'"
            + " WHERE kind = 'runner' AND lease_expires_at > now()");
  }
}
