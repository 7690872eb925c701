package io.ordo.task;

/**
 * The thread-bound {@link TaskContext} behind {@link TaskContext#current()}: the one piece of
 * static state the seed's API needs, kept here alone. Set by the runner around {@code run}.
 */
public final class CurrentTask {
  private static final ThreadLocal<TaskContext> CURRENT = new ThreadLocal<>();

  private CurrentTask() {}

  static TaskContext get() {
    TaskContext context = CURRENT.get();
    if (context == null) {
      throw new IllegalStateException("TaskContext.current() is only valid inside a task's run()");
    }
    return context;
  }

  /** Binds a context to the calling thread (runner only). */
  public static void bind(TaskContext context) {
    CURRENT.set(context);
  }

  public static void unbind() {
    CURRENT.remove();
  }
}
