package io.ordo.client.it;

import io.ordo.client.http.TaskManager;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * A test of the client's tasks against the shared node, as an operator: {@link #node} and {@link
 * #tasks} are set before each test.
 */
@ExtendWith(SharedNode.class)
abstract class WithOperatorTasks {
  NodeProcess node;
  TaskManager tasks;

  @BeforeEach
  void connect(NodeProcess node) {
    this.node = node;
    tasks = TaskManagerTest.client(node, NodeProcess.OPERATOR).tasks();
  }
}
