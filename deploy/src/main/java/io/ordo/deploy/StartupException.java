package io.ordo.deploy;

/**
 * A node cannot start for a reason the operator can fix (a used HTTP port, a data directory another
 * node holds): {@link Main} prints its message as one line and exits non-zero, without a stack
 * trace.
 */
public final class StartupException extends RuntimeException {
  public StartupException(String message) {
    super(message);
  }
}
