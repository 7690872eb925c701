package io.ordo.queue.store;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.vertx.core.json.JsonObject;
import java.util.List;

/** Checks of the plans {@link io.ordo.testing.AutoExplain} collected. */
final class ExplainedPlans {
  private ExplainedPlans() {}

  /** Every read of {@code table} in the plans is a probe by one batch row's key. */
  static void probedByKey(List<JsonObject> plans, String table) {
    int probes = 0;
    for (JsonObject plan : plans) {
      String text = plan.encode();
      assertFalse(text.contains("\"Seq Scan\""), "a sequential scan: " + text);
      assertTrue(
          ClaimPlans.nodes(plan, "Bitmap Heap Scan", table).isEmpty(),
          "no bitmap of the batch's keys: " + text);
      for (JsonObject probe : ClaimPlans.nodes(plan, "Index Scan", table)) {
        probes++;
        assertTrue(
            probe.getLong("Actual Rows") <= probe.getLong("Actual Loops"),
            "a probe per batch row, finding its row: " + probe.encode());
        assertFalse(
            probe.getString("Index Cond", "").contains("ANY ($"),
            "keyed by its batch row, not by the batch's arrays: " + probe.encode());
      }
    }
    assertTrue(probes > 0, "the batch reads " + table + " by index: " + plans);
  }
}
