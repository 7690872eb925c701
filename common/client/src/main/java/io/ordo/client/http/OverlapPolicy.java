package io.ordo.client.http;

/** What a schedule's slot does while the run the schedule started last has not ended. */
public enum OverlapPolicy {
  /** Skip the slot (the default). */
  SKIP,
  /** Keep one such slot and fire it when the run ends; later ones are skipped. */
  BUFFER_ONE,
  /** Fire regardless. */
  ALLOW_ALL
}
