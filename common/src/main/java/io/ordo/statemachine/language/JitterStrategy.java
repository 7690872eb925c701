package io.ordo.statemachine.language;

/** How a {@link Retrier} randomises its delay. */
public enum JitterStrategy {
  /** The computed back-off delay, as it is. */
  NONE,
  /** A random delay between 0 and the computed back-off delay, to spread retries out. */
  FULL
}
