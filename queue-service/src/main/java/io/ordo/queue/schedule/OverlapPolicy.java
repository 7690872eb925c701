package io.ordo.queue.schedule;

/**
 * What a slot does while the run the schedule started last has not ended (its task message still
 * waits or runs, its execution still runs). Temporal's names.
 */
public enum OverlapPolicy {
  /** The slot is skipped ({@code ScheduleSkipped}, reason {@code OVERLAP}). The default. */
  SKIP,
  /**
   * The slot is kept and fires as soon as the previous run ends; at most one is kept, later ones
   * are skipped (reason {@code BUFFER_FULL}).
   */
  BUFFER_ONE,
  /** Every slot fires, whatever still runs. */
  ALLOW_ALL
}
