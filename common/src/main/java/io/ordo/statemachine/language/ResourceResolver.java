package io.ordo.statemachine.language;

import java.util.Optional;

/**
 * Tells the validator which task types exist, so that a Task state naming an unknown one is refused
 * when the definition is saved rather than when it runs.
 */
@FunctionalInterface
public interface ResourceResolver {

  /**
   * The task type registered under a name.
   *
   * @param name the name {@link ResourceName#parse} extracted from a Resource, e.g. {@code Add}
   * @return the task type it runs (e.g. its class name), or empty if none is registered
   */
  Optional<String> taskTypeFor(String name);

  /** A resolver that knows every name: for checking a definition's structure only. */
  static ResourceResolver anyName() {
    return Optional::of;
  }
}
