package io.ordo.deploy;

import java.util.EnumSet;
import java.util.Set;

/** Role sets for tests in other packages (NodeRole itself is package-private). */
public final class NodeRoles {
  private NodeRoles() {}

  public static Set<NodeRole> all() {
    return NodeRole.all();
  }

  public static Set<NodeRole> withoutRunner() {
    return EnumSet.of(NodeRole.QUEUE, NodeRole.HISTORY);
  }

  public static Set<NodeRole> historyOnly() {
    return EnumSet.of(NodeRole.HISTORY);
  }

  public static Set<NodeRole> runnerOnly() {
    return EnumSet.of(NodeRole.RUNNER);
  }
}
