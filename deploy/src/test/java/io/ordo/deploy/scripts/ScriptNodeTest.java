package io.ordo.deploy.scripts;

import io.ordo.deploy.NodeTest;
import io.ordo.deploy.TestNode;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.io.TempDir;

/** A node test whose node reads its JavaScript tasks from a directory of the test's own. */
abstract class ScriptNodeTest extends NodeTest {
  /** The node's scripts directory (ORDO_SCRIPTS_DIR), fresh for each test class. */
  @TempDir static Path scripts;

  @Override
  protected Map<String, String> environment() {
    return TestNode.environment("ORDO_SCRIPTS_DIR", scripts.toString());
  }
}
