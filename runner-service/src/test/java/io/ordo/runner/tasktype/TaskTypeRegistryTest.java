package io.ordo.runner.tasktype;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.ordo.model.TimeoutType;
import io.ordo.task.AbstractTask;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The seed's rules for task classes (SPEC 9.1) and task-type registration (SPEC 9.3). */
class TaskTypeRegistryTest {

  /** Breaks a rule: nested. */
  public static class NestedTask extends AbstractTask {
    @Override
    public void run() {}
  }

  @Test
  void aGoodClass_isRegistered_withItsAliasesAndDefaultTimeouts() {
    TaskTypeRegistry registry = new TaskTypeRegistry();
    RegisteredType type = registry.register(GoodTask.class);
    assertEquals(List.of("Good", "Fine"), type.info().aliases());
    assertEquals(
        Duration.ofSeconds(60),
        type.info().defaultTimeouts().get(TimeoutType.START_TO_CLOSE).orElseThrow());
    assertEquals(GoodTask.class, registry.find("Fine").orElseThrow().type());
    assertEquals(GoodTask.class, registry.find(GoodTask.class.getName()).orElseThrow().type());
    assertTrue(registry.find("Unknown").isEmpty());
  }

  @Test
  void everyBrokenRule_isRefused_withTheRuleNamed() {
    assertRefused(AbstractBadTask.class, "abstract");
    assertRefused(SynchronizedTask.class, "synchronized");
    assertRefused(NoDefaultConstructorTask.class, "no public no-arg constructor");
    assertRefused(HiddenTask.class, "not public");
    assertRefused(NestedTask.class, "nested");
    assertRefused(String.class, "does not implement");
    Runnable local =
        new Runnable() {
          @Override
          public void run() {}
        };
    assertRefused(local.getClass(), "anonymous");
    class LocalTask extends AbstractTask {
      @Override
      public void run() {}
    }
    assertRefused(LocalTask.class, "local");
  }

  @Test
  void anAliasTakenByAnotherType_isRefused() {
    TaskTypeRegistry registry = new TaskTypeRegistry();
    registry.register(GoodTask.class);
    InvalidTaskClassException error =
        assertThrows(
            InvalidTaskClassException.class, () -> registry.register(ClashingAliasTask.class));
    assertTrue(error.getMessage().contains("Good"));
  }

  private static void assertRefused(Class<?> type, String rule) {
    InvalidTaskClassException error =
        assertThrows(InvalidTaskClassException.class, () -> new TaskTypeRegistry().register(type));
    assertTrue(error.getMessage().contains(rule), error.getMessage());
    assertTrue(error.getMessage().contains(type.getName()), error.getMessage());
  }
}
