package io.ordo.deploy;

import io.ordo.testing.TestDatabase;
import java.time.Clock;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;

/**
 * A test against one all-in-one node on the shared test database, emptied before each test: the
 * node, an operator's API client and the task helpers. Subclasses change the environment or the
 * clock by overriding {@link #environment} and {@link #clock}.
 */
public abstract class NodeTest {
  protected OrdoNode node;
  protected Api api;
  protected Tasks tasks;

  /** The node's environment (TestNode's by default). */
  protected Map<String, String> environment() {
    return TestNode.environment();
  }

  /** The node's clock; null for the usual one. */
  protected Clock clock() {
    return null;
  }

  /** Resets whatever static state a test's task types keep, before the node starts. */
  protected void reset() {}

  @BeforeEach
  final void startNode() {
    TestDatabase.truncate();
    reset();
    node = TestNode.start(environment(), NodeRoles.all(), false, clock());
    api = new Api(node.httpPort(), TestNode.OPERATOR);
    tasks = new Tasks(api);
  }

  @AfterEach
  final void stopNode() {
    api.close();
    node.close();
  }
}
