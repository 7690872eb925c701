package io.ordo.statemachine.language;

import java.util.Optional;

/**
 * The task type name a Task state's {@code Resource} names. Ordo accepts {@code ordo:task:<name>},
 * and any ARN whose last two parts are {@code activity:<name>} or {@code function:<name>}, so that
 * definitions written for Step Functions run unchanged where a task type of that name is
 * registered. {@code ordo:js:<path>} names a JavaScript task's script (SPEC 9.4); its name keeps
 * the prefix, so that it never meets a task type's name.
 *
 * @param name the task type name, e.g. {@code Add}
 */
public record ResourceName(String name) {

  private static final String ORDO_PREFIX = "ordo:task:";

  /** The prefix of a Resource naming a script. */
  public static final String SCRIPT_PREFIX = "ordo:js:";

  // arn:partition:service:region:account:resource-type:resource
  private static final int MIN_ARN_PARTS = 7;

  /**
   * Extracts the task type name from a Resource.
   *
   * @return the name, or empty if the resource has neither accepted form
   */
  public static Optional<ResourceName> parse(String resource) {
    if (resource == null) {
      return Optional.empty();
    }
    if (resource.startsWith(SCRIPT_PREFIX)) {
      return resource.length() > SCRIPT_PREFIX.length()
          ? Optional.of(new ResourceName(resource))
          : Optional.empty();
    }
    if (resource.startsWith(ORDO_PREFIX)) {
      return named(resource.substring(ORDO_PREFIX.length()));
    }
    if (resource.startsWith("arn:")) {
      String[] parts = resource.split(":", -1);
      if (parts.length < MIN_ARN_PARTS) {
        return Optional.empty();
      }
      String kind = parts[parts.length - 2];
      if (kind.equals("activity") || kind.equals("function")) {
        return named(parts[parts.length - 1]);
      }
    }
    return Optional.empty();
  }

  /** The script's path if the Resource names a script; else null. */
  public String jsPath() {
    return name.startsWith(SCRIPT_PREFIX) ? name.substring(SCRIPT_PREFIX.length()) : null;
  }

  private static Optional<ResourceName> named(String name) {
    if (name.isBlank() || name.contains(":")) {
      return Optional.empty();
    }
    return Optional.of(new ResourceName(name));
  }
}
