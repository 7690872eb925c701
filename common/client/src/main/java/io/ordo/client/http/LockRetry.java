package io.ordo.client.http;

/**
 * What the node does when another queue service holds the instance lock a call needs (SPEC 6's
 * {@code instanceLockedExceptionAction}, chosen per request with {@code lockRetry}); without one,
 * the node's configured action applies.
 */
public enum LockRetry {
  /** Answer {@code instance_locked} at once. */
  NO_RETRY("NoRetry"),
  /** Retry at a constant interval (the node's, 1 s by default) up to its limit (30 s). */
  BASIC_RETRY("BasicRetry"),
  /** Retry with exponential back-off and jitter (50 ms doubling to 5 s) up to its limit (30 s). */
  AGGRESSIVE_RETRY("AggressiveRetry");

  private final String apiName;

  LockRetry(String apiName) {
    this.apiName = apiName;
  }

  /** The name the API takes ({@code ?lockRetry=BasicRetry}). */
  public String apiName() {
    return apiName;
  }
}
