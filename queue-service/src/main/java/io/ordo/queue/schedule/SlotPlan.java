package io.ordo.queue.schedule;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * What one look at a due schedule decides, as a pure function of the schedule, the time and whether
 * its previous run still runs: the slot to fire now (at most one, never a burst), the slots skipped
 * and why, the next slot and the buffered one.
 *
 * @param fire the slot to fire now, or null
 * @param skipped the slots skipped, with their reasons
 * @param next the next slot to look at
 * @param buffered the slot {@code BUFFER_ONE} keeps for when the previous run ends, or null
 */
record SlotPlan(Instant fire, List<Skip> skipped, Instant next, Instant buffered) {

  /** A slot that does not fire, and why. */
  record Skip(Instant slot, SkipReason reason, String detail) {}

  /** The next slot of a schedule that has no more (a cron expression for a year that passed). */
  static final Instant NEVER = Instant.parse("9999-12-31T00:00:00Z");

  /**
   * The slot to store as a schedule's next one: the first after {@code time}, or {@link #NEVER}.
   */
  static Instant nextAfter(FireTimes times, Instant time) {
    return times.after(time).orElse(NEVER);
  }

  /**
   * Plans a look at a schedule.
   *
   * @param due the schedule's next slot as stored
   * @param buffered the slot kept by {@code BUFFER_ONE}, or null
   * @param previousRunning whether the run the schedule started last still waits or runs
   */
  static SlotPlan plan(
      ScheduleSpec spec,
      FireTimes times,
      Instant due,
      Instant buffered,
      boolean previousRunning,
      Instant now) {
    List<Skip> skipped = new ArrayList<>();
    Instant candidate = null;
    Instant next = due;
    if (!due.isAfter(now)) {
      // Catch-up: of the slots passed since the due one, only the latest may fire.
      Instant latest = times.atOrBefore(now).filter(s -> !s.isBefore(due)).orElse(due);
      if (latest.isAfter(due)) {
        skipped.add(new Skip(due, SkipReason.MISSED, "slots from " + due + " to before " + latest));
      }
      next = nextAfter(times, latest);
      if (latest.isBefore(now.minus(spec.catchupWindow()))) {
        skipped.add(
            new Skip(
                latest,
                SkipReason.CATCHUP_WINDOW_PASSED,
                "due at " + latest + ", more than the catch-up window before " + now));
      } else {
        candidate = latest;
      }
    }
    if (spec.overlap() == OverlapPolicy.ALLOW_ALL || !previousRunning) {
      // the buffered slot (if any) fires first; a slot due now waits in the buffer behind it
      if (buffered != null) {
        return new SlotPlan(buffered, skipped, next, candidate);
      }
      return new SlotPlan(candidate, skipped, next, null);
    }
    if (candidate != null) {
      if (spec.overlap() == OverlapPolicy.SKIP) {
        skipped.add(new Skip(candidate, SkipReason.OVERLAP, "the previous run has not ended"));
      } else if (buffered != null) {
        skipped.add(new Skip(candidate, SkipReason.BUFFER_FULL, "a slot is already buffered"));
      } else {
        buffered = candidate;
      }
    }
    return new SlotPlan(null, skipped, next, buffered);
  }

  /** Whether there is anything to write (a fire, a skip, a new next or buffered slot). */
  boolean changes(Instant due, Instant bufferedBefore) {
    return fire != null
        || !skipped.isEmpty()
        || !next.equals(due)
        || !java.util.Objects.equals(buffered, bufferedBefore);
  }
}
