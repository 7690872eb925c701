package io.ordo.runner.tasktype;

import io.ordo.task.AbstractTask;
import io.ordo.task.Task;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.List;

/**
 * The seed's rules for a task class (SPEC 9.1): it implements {@link Task}, is public, top-level
 * (not inner, local or anonymous), not abstract, has a public no-arg constructor and no {@code
 * synchronized} methods (Ordo decides which methods may overlap; a task's own monitor would fight
 * that).
 */
public final class TaskClassRules {
  private TaskClassRules() {}

  /** Every rule the class breaks, each as a sentence; empty if it may be a task type. */
  public static List<String> violations(Class<?> type) {
    List<String> broken = new ArrayList<>();
    if (!Task.class.isAssignableFrom(type)) {
      broken.add("it does not implement " + Task.class.getName());
    }
    if (type.isInterface()) {
      broken.add("it is an interface");
    } else if (Modifier.isAbstract(type.getModifiers())) {
      broken.add("it is abstract");
    }
    if (!Modifier.isPublic(type.getModifiers())) {
      broken.add("it is not public");
    }
    if (type.isAnonymousClass()) {
      broken.add("it is an anonymous class");
    } else if (type.isLocalClass()) {
      broken.add("it is a local class");
    } else if (type.isMemberClass()) {
      broken.add(
          "it is nested in " + type.getEnclosingClass().getName() + " (use a top-level class)");
    }
    if (!hasPublicNoArgConstructor(type)) {
      broken.add("it has no public no-arg constructor");
    }
    for (Class<?> c = type;
        c != null && c != Object.class && c != AbstractTask.class;
        c = c.getSuperclass()) {
      for (Method method : c.getDeclaredMethods()) {
        if (Modifier.isSynchronized(method.getModifiers())) {
          broken.add(
              "its method " + c.getSimpleName() + "." + method.getName() + " is synchronized");
        }
      }
    }
    return broken;
  }

  /** Checks the rules; the exception names the class and every broken rule. */
  public static void check(Class<?> type) {
    List<String> broken = violations(type);
    if (!broken.isEmpty()) {
      throw new InvalidTaskClassException(
          type.getName() + " cannot be a task type: " + String.join("; ", broken));
    }
  }

  private static boolean hasPublicNoArgConstructor(Class<?> type) {
    try {
      return Modifier.isPublic(type.getConstructor().getModifiers());
    } catch (NoSuchMethodException e) {
      return false;
    }
  }
}
