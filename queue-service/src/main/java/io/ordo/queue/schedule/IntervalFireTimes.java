package io.ordo.queue.schedule;

import java.time.Instant;
import java.util.Optional;

/**
 * Slots every {@code intervalSeconds}, aligned on the Unix epoch (an hourly interval fires on the
 * hour in UTC), whatever the time zone and wherever the schedule was created or updated.
 */
final class IntervalFireTimes implements FireTimes {
  private final long intervalSeconds;

  IntervalFireTimes(long intervalSeconds) {
    if (intervalSeconds < 1) {
      throw new IllegalArgumentException("intervalSeconds must be at least 1");
    }
    this.intervalSeconds = intervalSeconds;
  }

  @Override
  public Optional<Instant> after(Instant time) {
    long slot = Math.floorDiv(time.getEpochSecond(), intervalSeconds) + 1;
    return Optional.of(Instant.ofEpochSecond(slot * intervalSeconds));
  }

  @Override
  public Optional<Instant> atOrBefore(Instant time) {
    long slot = Math.floorDiv(time.getEpochSecond(), intervalSeconds);
    return Optional.of(Instant.ofEpochSecond(slot * intervalSeconds));
  }
}
