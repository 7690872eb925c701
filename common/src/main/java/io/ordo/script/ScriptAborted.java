package io.ordo.script;

/**
 * Ends a script from the engine's instruction observer (forced stop, timeout, budget). An {@link
 * Error}, because the Rhino interpreter lets no JavaScript {@code catch} or {@code finally} see an
 * Error: a script cannot swallow its own end.
 */
public final class ScriptAborted extends Error {
  public ScriptAborted(String message) {
    super(message, null, false, false);
  }
}
