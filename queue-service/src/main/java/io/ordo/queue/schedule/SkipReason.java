package io.ordo.queue.schedule;

/** Why a slot of a schedule did not fire ({@code ScheduleSkipped}). */
enum SkipReason {
  /** The previous run had not ended ({@code SKIP}). */
  OVERLAP,
  /** The previous run had not ended and a slot was already buffered ({@code BUFFER_ONE}). */
  BUFFER_FULL,
  /** Slots missed while no queue service ran, older than the one that caught up. */
  MISSED,
  /** The latest missed slot was older than the catch-up window: nothing fired. */
  CATCHUP_WINDOW_PASSED,
  /** The fire's registration or start was refused (e.g. its serial queue does not exist). */
  REFUSED,
  /** The slot {@code BUFFER_ONE} kept was dropped because the schedule was paused. */
  PAUSED,
  /** The slot {@code BUFFER_ONE} kept was dropped because the schedule was replaced (PUT). */
  REPLACED
}
