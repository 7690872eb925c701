package io.ordo.client.it;

import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.ParameterContext;
import org.junit.jupiter.api.extension.ParameterResolver;

/**
 * Gives tests a {@link NodeProcess} shared by every test class of the run: started on first use,
 * stopped when JUnit closes its root store at the end of the run. Tests on it use queue ids of
 * their own.
 */
final class SharedNode implements ParameterResolver {
  @Override
  public boolean supportsParameter(ParameterContext parameter, ExtensionContext context) {
    return parameter.getParameter().getType() == NodeProcess.class;
  }

  @Override
  public Object resolveParameter(ParameterContext parameter, ExtensionContext context) {
    return context
        .getRoot()
        .getStore(ExtensionContext.Namespace.GLOBAL)
        .getOrComputeIfAbsent(SharedNode.class, key -> new Running(), Running.class)
        .node;
  }

  private static final class Running implements ExtensionContext.Store.CloseableResource {
    private final NodeProcess node = NodeProcess.start();

    @Override
    public void close() throws Exception {
      node.close();
    }
  }
}
