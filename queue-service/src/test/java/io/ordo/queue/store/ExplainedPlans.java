package io.ordo.queue.store;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.vertx.core.json.JsonObject;
import java.util.List;

/** Checks of the plans {@link io.ordo.testing.AutoExplain} collected. */
final class ExplainedPlans {
  private ExplainedPlans() {}

  /** Every read of {@code table} in the plans is a probe by one batch row's key. */
  // a probe by key descends the index (3 levels at these sizes) and reads its row
  private static final long PAGES_PER_PROBE = 8;

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
        // a key column left out of the index condition (compared as another type, say) leaves a
        // range of the index to walk for each probe: every entry sharing the columns before it
        long pages =
            probe.getLong("Shared Hit Blocks", 0L) + probe.getLong("Shared Read Blocks", 0L);
        assertTrue(
            pages <= PAGES_PER_PROBE * probe.getLong("Actual Loops"),
            "each probe reads its own row's pages, not a range of the index: " + probe.encode());
      }
    }
    assertTrue(probes > 0, "the batch reads " + table + " by index: " + plans);
  }

  /**
   * Every read of {@code table} in the plans walks {@code index}: no sequential scan, no bitmap, no
   * other index (a walk may return more rows than it has loops, unlike {@link #probedByKey}).
   */
  static void walked(List<JsonObject> plans, String table, String index) {
    String text = plans.toString();
    int walks = 0;
    for (JsonObject plan : plans) {
      assertTrue(ClaimPlans.nodes(plan, "Seq Scan", table).isEmpty(), "a sequential scan: " + text);
      assertTrue(ClaimPlans.nodes(plan, "Bitmap Heap Scan", table).isEmpty(), "a bitmap: " + text);
      for (JsonObject scan : ClaimPlans.nodes(plan, "Index Scan", table)) {
        assertEquals(index, scan.getString("Index Name"), scan.encode());
        walks++;
      }
    }
    assertTrue(walks > 0, index + " is walked: " + text);
  }
}
