package io.ordo.queue.schedule;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * When a schedule fires: its slots, as instants. Pure functions of the time given, so that tests
 * ask about any date (a daylight-saving change, years ahead) without waiting.
 */
interface FireTimes {
  /** The first slot strictly after {@code time}, or empty if there is none. */
  Optional<Instant> after(Instant time);

  /** The latest slot at or before {@code time}, or empty if there is none. */
  Optional<Instant> atOrBefore(Instant time);

  /** Up to {@code count} slots strictly after {@code time}, in order. */
  default List<Instant> next(Instant time, int count) {
    List<Instant> slots = new ArrayList<>();
    Optional<Instant> slot = after(time);
    while (slot.isPresent() && slots.size() < count) {
      slots.add(slot.get());
      slot = after(slot.get());
    }
    return slots;
  }
}
