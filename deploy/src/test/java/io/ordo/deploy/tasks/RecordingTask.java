package io.ordo.deploy.tasks;

import io.ordo.task.Task;
import io.ordo.task.TaskContext;
import io.ordo.task.TaskEvent;
import io.ordo.task.TaskType;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A test task that records every call Ordo makes on it, per the parameter's {@code key}: the
 * callback names in order, whether two methods other than run/release overlapped, and what run saw
 * in its TaskContext. Parameter switches: {@code rejectOnce} (setParameter throws on the first
 * instance), {@code failRun} (run throws), {@code throwInCallbacks} (every callback throws), {@code
 * runMillis} (run sleeps, returning early when released).
 */
@TaskType(aliases = "Recording")
public class RecordingTask implements Task {
  public static final Map<String, List<String>> CALLS = new ConcurrentHashMap<>();
  public static final Map<String, Map<String, Object>> CONTEXTS = new ConcurrentHashMap<>();
  public static final AtomicInteger OVERLAPS = new AtomicInteger();

  /** The threads {@code run} and {@code release} were called on, per key. */
  public static final Map<String, Thread> RUN_THREADS = new ConcurrentHashMap<>();

  public static final Map<String, Thread> RELEASE_THREADS = new ConcurrentHashMap<>();
  private static final Map<String, AtomicBoolean> REJECTED_ONCE = new ConcurrentHashMap<>();

  private final AtomicInteger inMethod = new AtomicInteger();
  private volatile String key = "?";
  private volatile Map<String, ?> parameter = Map.of();
  private volatile boolean released;

  public static List<String> calls(String key) {
    return CALLS.getOrDefault(key, List.of());
  }

  public static void reset() {
    CALLS.clear();
    CONTEXTS.clear();
    OVERLAPS.set(0);
    RUN_THREADS.clear();
    RELEASE_THREADS.clear();
    REJECTED_ONCE.clear();
  }

  @Override
  public void setParameter(Map<String, ?> parameter) {
    this.parameter = parameter == null ? Map.of() : parameter;
    this.key = String.valueOf(this.parameter.get("key"));
    enter("setParameter");
    try {
      if (Boolean.TRUE.equals(this.parameter.get("rejectOnce"))
          && REJECTED_ONCE
              .computeIfAbsent(key, k -> new AtomicBoolean())
              .compareAndSet(false, true)) {
        throw new IllegalStateException("refusing the first instance, as asked");
      }
    } finally {
      exit();
    }
  }

  @Override
  public void taskAccepted(TaskEvent event) {
    callback("taskAccepted:" + event.getType());
  }

  @Override
  public void taskStarted(TaskEvent event) {
    callback("taskStarted:" + event.getType());
  }

  @Override
  public void taskCompleted(TaskEvent event) {
    String cause =
        event.getException() == null || event.getException().getCause() == null
            ? "none"
            : event.getException().getCause().getClass().getSimpleName();
    callback("taskCompleted:" + event.getType() + ":" + cause);
  }

  @Override
  public void taskRejected(TaskEvent event) {
    callback("taskRejected:" + event.getType());
  }

  @Override
  public void release() {
    // release may overlap run, never another callback: it counts towards the overlap check
    enter("release");
    try {
      RELEASE_THREADS.put(key, Thread.currentThread());
      released = true;
    } finally {
      exit();
    }
  }

  @Override
  public void run() {
    record("run");
    RUN_THREADS.put(key, Thread.currentThread());
    TaskContext context = TaskContext.current();
    CONTEXTS.put(
        key,
        Map.of(
            "messageId", context.messageId(),
            "attempt", context.attempt(),
            "fencingToken", context.fencingToken(),
            "principal", String.valueOf(context.principal()),
            "attributes", context.attributes(),
            "locale", context.locale() == null ? "null" : context.locale().toLanguageTag(),
            "timeZone", String.valueOf(context.timeZone()),
            "traceId", String.valueOf(context.traceId())));
    long millis = parameter.get("runMillis") instanceof Number n ? n.longValue() : 0;
    long end = System.currentTimeMillis() + millis;
    while (System.currentTimeMillis() < end && !released) {
      try {
        Thread.sleep(5);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        break;
      }
    }
    if (Boolean.TRUE.equals(parameter.get("failRun"))) {
      throw new IllegalArgumentException("run failed, as asked");
    }
    context.setResult(Map.of("key", key));
  }

  private void callback(String name) {
    enter(name);
    try {
      if (Boolean.TRUE.equals(parameter.get("throwInCallbacks"))) {
        throw new IllegalStateException(name + " throws, as asked");
      }
    } finally {
      exit();
    }
  }

  private void enter(String name) {
    if (inMethod.incrementAndGet() > 1) {
      OVERLAPS.incrementAndGet();
    }
    record(name);
  }

  private void exit() {
    inMethod.decrementAndGet();
  }

  private void record(String name) {
    CALLS.computeIfAbsent(key, k -> new CopyOnWriteArrayList<>()).add(name);
  }
}
