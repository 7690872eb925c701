package io.ordo.queue.schedule;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import io.vertx.core.json.JsonObject;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

/** What a look at a due schedule decides: catch-up, overlap policies, the next slot. */
class SlotPlanTest {
  private static final Instant T0 = Instant.parse("2026-06-01T12:00:00Z");

  private static ScheduleSpec spec(String overlap, int catchupSeconds) {
    return ScheduleSpec.parse(
        new JsonObject()
            .put("intervalSeconds", 60)
            .put("overlapPolicy", overlap)
            .put("catchupWindowSeconds", catchupSeconds)
            .put("task", new JsonObject().put("queue", "parallel").put("taskClassName", "Echo")));
  }

  private static SlotPlan plan(
      ScheduleSpec spec, Instant due, Instant buffered, boolean running, Instant now) {
    return SlotPlan.plan(spec, spec.fireTimes(), due, buffered, running, now);
  }

  private static List<SkipReason> reasons(SlotPlan plan) {
    return plan.skipped().stream().map(SlotPlan.Skip::reason).toList();
  }

  @Test
  void onTime_firesTheDueSlot_andMovesToTheNext() {
    SlotPlan plan = plan(spec("SKIP", 300), T0, null, false, T0.plusMillis(300));
    assertEquals(T0, plan.fire());
    assertEquals(T0.plusSeconds(60), plan.next());
    assertEquals(List.of(), plan.skipped());
  }

  @Test
  void afterThreeMissedSlots_firesOnce_theLatest() {
    // down from T0 to T0 + 2.5 intervals: slots T0, T0+60, T0+120 passed
    SlotPlan plan = plan(spec("SKIP", 300), T0, null, false, T0.plusSeconds(150));
    assertEquals(T0.plusSeconds(120), plan.fire());
    assertEquals(List.of(SkipReason.MISSED), reasons(plan));
    assertEquals(T0.plusSeconds(180), plan.next());
  }

  @Test
  void pastTheCatchupWindow_firesNothing() {
    SlotPlan plan = plan(spec("SKIP", 20), T0, null, false, T0.plusSeconds(150));
    assertNull(plan.fire());
    assertEquals(List.of(SkipReason.MISSED, SkipReason.CATCHUP_WINDOW_PASSED), reasons(plan));
    assertEquals(T0.plusSeconds(180), plan.next());
  }

  @Test
  void skip_whileThePreviousRunRuns_skipsTheSlot() {
    SlotPlan plan = plan(spec("SKIP", 300), T0, null, true, T0);
    assertNull(plan.fire());
    assertEquals(List.of(SkipReason.OVERLAP), reasons(plan));
  }

  @Test
  void bufferOne_keepsOneSlot_skipsTheNext_andFiresItWhenThePreviousEnds() {
    ScheduleSpec spec = spec("BUFFER_ONE", 300);
    SlotPlan first = plan(spec, T0, null, true, T0);
    assertNull(first.fire());
    assertEquals(T0, first.buffered());

    SlotPlan second = plan(spec, first.next(), first.buffered(), true, first.next());
    assertNull(second.fire());
    assertEquals(List.of(SkipReason.BUFFER_FULL), reasons(second));
    assertEquals(T0, second.buffered());

    Instant later = second.next().minusSeconds(30); // not due: only the buffer is looked at
    SlotPlan ended = plan(spec, second.next(), second.buffered(), false, later);
    assertEquals(T0, ended.fire());
    assertNull(ended.buffered());
    assertEquals(second.next(), ended.next());
  }

  @Test
  void allowAll_firesWhateverRuns() {
    SlotPlan plan = plan(spec("ALLOW_ALL", 300), T0, null, true, T0);
    assertEquals(T0, plan.fire());
  }

  @Test
  void notDue_andNothingBuffered_changesNothing() {
    SlotPlan plan = plan(spec("SKIP", 300), T0, null, true, T0.minusSeconds(1));
    assertEquals(false, plan.changes(T0, null));
  }
}
