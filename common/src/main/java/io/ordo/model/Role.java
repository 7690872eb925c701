package io.ordo.model;

/** What a bearer token may do (SPEC 10); each role includes the ones before it. */
public enum Role {
  /** Register and remove messages, read its tenant's tasks and histories, start executions. */
  SUBMITTER,
  /** Everything on its tenant: queues, release/stop, state machines. */
  OPERATOR,
  /** Everything on every tenant. */
  ADMIN;

  public boolean includes(Role required) {
    return compareTo(required) >= 0;
  }

  public static Role parse(String text) {
    try {
      return valueOf(text.trim().toUpperCase(java.util.Locale.ROOT));
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException(
          "unknown role '" + text + "': use submitter, operator or admin", e);
    }
  }
}
