package io.ordo.deploy;

import java.util.EnumSet;
import java.util.Locale;
import java.util.Set;

/** What a JVM runs: every service (the all-in-one node), or one service of a farm. */
public enum NodeRole {
  QUEUE,
  RUNNER,
  HISTORY;

  public static Set<NodeRole> all() {
    return EnumSet.allOf(NodeRole.class);
  }

  static NodeRole parse(String text) {
    try {
      return valueOf(text.toUpperCase(Locale.ROOT));
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException(
          "unknown service '" + text + "': use queue, runner or history");
    }
  }
}
