package io.ordo.runner.execution;

import io.ordo.bus.ClaimedTask;
import io.ordo.bus.ReportType;
import io.ordo.bus.TaskReport;
import io.ordo.model.TaskState;
import io.ordo.parameter.JavaParameters;
import io.ordo.runner.tasktype.TaskFactory;
import io.ordo.task.CurrentTask;
import io.ordo.task.Task;
import io.ordo.task.TaskCancelledException;
import io.ordo.task.TaskEventType;
import io.ordo.task.TaskException;
import io.vertx.core.Future;
import io.vertx.core.Promise;
import io.vertx.core.json.Json;
import io.vertx.core.json.JsonObject;
import java.time.Instant;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.locks.ReentrantLock;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One run of one message through the lifecycle of SPEC 3.3, in the seed's order: accepted and
 * recorded by the claim (READY), instance created, {@code setParameter}, {@code taskAccepted},
 * started (RUNNING), {@code taskStarted}, {@code run}, {@code taskCompleted}, outcome recorded. A
 * runner that cannot accept the task calls {@code taskRejected} and the message goes back to the
 * head of its queue.
 *
 * <p>The whole lifecycle runs on one task thread, which never waits on the database: the start is
 * sent and the thread goes on to {@code taskStarted} and {@code run} at once, while the start is
 * recorded with the next group commit. Heartbeats and a release are sent only once the start is
 * answered; the outcome is sent at once, behind the start in the runner's ordered stream of reports
 * ({@link #reportOutcome}), so the history shows every one of them after {@code TaskStarted}. What
 * keeps the hold safe meanwhile is checked here, just before {@code taskStarted} and again before
 * {@code run}: the runner's lease is surely live ({@link ExecutionHost#holds}), and the task was
 * not released. If the start is refused all the same (the message was removed while it waited for a
 * thread, its schedule-to-close passed), the task is treated as one that lost its hold while
 * running: it is released ({@code release()}, a script is ended) and nothing it reports is applied.
 *
 * <p>The runner holds a slot for the task from {@link #accept} until {@code taskCompleted} returned
 * ({@link ExecutionHost#freed}), so at most {@code max-threads} tasks are between {@code
 * setParameter} and {@code taskCompleted} at once, each on its own thread; the outcome is reported
 * after the slot is free.
 *
 * <p>Every callback but {@code run} holds the instance's callback lock, so no two methods of one
 * instance run at once, except {@code run} and {@code release}.
 */
public final class TaskExecution {
  private static final Logger LOG = LoggerFactory.getLogger(TaskExecution.class);
  private static final long HEARTBEAT_MIN_INTERVAL_MS = 500;
  private static final long STOP_WAIT_MS = 5_000;

  private final ClaimedTask claimed;
  private final TaskFactory type;
  private final ExecutionHost host;
  private final ReentrantLock callbacks = new ReentrantLock();
  private final Object phaseLock = new Object();
  private final AtomicBoolean inRun = new AtomicBoolean();
  private final AtomicBoolean slotFreed = new AtomicBoolean();
  private final CountDownLatch completed = new CountDownLatch(1);
  private final Object heartbeatLock = new Object();

  private volatile TaskState phase = TaskState.INITIAL;
  private volatile boolean released;
  // the STARTED report was sent: once the queue service shows RUNNING, it may ask for a release
  // before its answer has reached this runner
  private volatile boolean startReported;
  // the task ended and its outcome is on its way to the queue service
  private volatile boolean outcomePending;
  // whether the start was applied (never fails); null until the start is sent
  private volatile Future<Boolean> startAnswer;
  // run() began (only ever set under phaseLock, and only while not released)
  private boolean runBegan;
  private volatile Task task;
  private volatile Thread runThread;
  private volatile Object result;
  private long lastHeartbeatSent = Long.MIN_VALUE / 2;
  private Object pendingHeartbeat;
  private boolean heartbeatFlushScheduled;

  /**
   * @param type makes the instance of the task type or script the message names; null if this
   *     runner does not know it
   */
  public TaskExecution(ClaimedTask claimed, TaskFactory type, ExecutionHost host) {
    this.claimed = claimed;
    this.type = type;
    this.host = host;
  }

  public ClaimedTask claimed() {
    return claimed;
  }

  /** Whether the task ended here and its outcome is still on its way to the queue service. */
  public boolean outcomePending() {
    return outcomePending;
  }

  public TaskState phase() {
    return phase;
  }

  boolean isReleased() {
    return released;
  }

  /**
   * Sets the result (a JSON value).
   *
   * @throws IllegalArgumentException if it serializes to more than the runner's limit
   */
  void setResult(Object value) {
    this.result = bounded(value, "the result");
  }

  /**
   * {@code json} if it serializes to at most {@link ExecutionHost#maxResultBytes}; the task sees
   * the exception otherwise (as for a value that is no JSON), so that its run decides.
   */
  private Object bounded(Object json, String what) {
    if (json == null) {
      return null;
    }
    int bytes = Json.encodeToBuffer(json).length();
    if (bytes > host.maxResultBytes()) {
      throw new IllegalArgumentException(
          what
              + " is "
              + bytes
              + " bytes serialized; at most "
              + host.maxResultBytes()
              + " are allowed (limits.result-bytes)");
    }
    return json;
  }

  /**
   * The lifecycle, on a task thread: the instance, {@code setParameter}, {@code taskAccepted}, the
   * start report, then the run step without waiting for the start's answer.
   */
  public void accept() {
    try {
      if (acceptStep()) {
        runStep();
      }
    } catch (RuntimeException | Error unexpected) {
      LOG.error("Task {} failed in the runner itself", claimed.messageId(), unexpected);
    } finally {
      CurrentTask.unbind();
      end();
    }
  }

  /** Answers whether the task was started (else it was rejected or lost). */
  private boolean acceptStep() {
    if (released) {
      return false; // lost while it waited for a slot
    }
    if (type == null) {
      reject(null, "this runner does not know the task type " + taskName());
      return false;
    }
    Task instance;
    try {
      instance = type.instantiate();
    } catch (ReflectiveOperationException | RuntimeException | Error e) {
      // an Error too: a script's top level over its budget (ScriptAborted), a constructor's
      // StackOverflowError; uncaught, the message waited for the orphan sweep, never told why
      reject(null, "the task cannot be instantiated: " + e.getMessage());
      return false;
    }
    task = instance;
    if (released) {
      return false; // lost (removed) while it was made: a lost notice from now on ends a script
    }
    if (host.shuttingDown()) {
      reject(instance, "the runner is shutting down", false);
      return false;
    }
    phase = TaskState.ACCEPT_WAIT;
    try {
      locked(() -> instance.setParameter(JavaParameters.fromJson(claimed.parameter())));
    } catch (RuntimeException | Error e) {
      reject(instance, "setParameter threw " + e);
      return false;
    }
    phase = TaskState.READY;
    callback("taskAccepted", () -> instance.taskAccepted(event(TaskEventType.TASK_ACCEPTED, null)));
    if (host.shuttingDown()) {
      // a stopping runner starts nothing new: the message goes back to the head, for another node
      reject(instance, "the runner is shutting down", false);
      return false;
    }
    startReported = true;
    startAnswer =
        report(ReportType.STARTED, new JsonObject())
            .transform(answer -> Future.succeededFuture(applied(answer)));
    startAnswer.onSuccess(
        applied -> {
          if (!applied) {
            lost("start");
          }
        });
    return true;
  }

  /** The run step: {@code taskStarted}, {@code run}, {@code taskCompleted}. */
  private void runStep() {
    runThread = Thread.currentThread();
    try {
      if (!holdConfirmed()) {
        return;
      }
      synchronized (phaseLock) {
        if (released) {
          return; // released, stopped or lost before taskStarted: run never begins
        }
        phase = TaskState.RUNNING;
      }
      Task instance = task;
      callback("taskStarted", () -> instance.taskStarted(event(TaskEventType.TASK_STARTED, null)));
      Throwable failure = runTask(instance);
      boolean unmanaged;
      synchronized (phaseLock) {
        unmanaged = released;
        if (!unmanaged) {
          phase = TaskState.DISPOSED;
        }
      }
      TaskException exception =
          failure == null ? null : new TaskException("run() threw " + failure, failure);
      callback(
          "taskCompleted",
          () -> instance.taskCompleted(event(TaskEventType.TASK_COMPLETED, exception)));
      if (!unmanaged) {
        // the outcome is written with the next group commit; the slot is free at once
        outcomePending = true;
        reportOutcome(
                failure == null ? ReportType.COMPLETED : ReportType.FAILED,
                failure == null ? new JsonObject().put("result", result) : FailureData.of(failure))
            .onComplete(
                ended -> {
                  if (!applied(ended)) {
                    LOG.warn(
                        "Task {} ended but its runner no longer held it; the outcome was not"
                            + " applied",
                        claimed.messageId());
                  }
                  host.outcomeSettled(this);
                });
      }
    } finally {
      CurrentTask.unbind();
    }
  }

  /**
   * Whether the runner surely still holds the message: its lease is surely live, or else (a pause,
   * a slow renewal) the start's answer says so; the thread waits for that answer only then. A hold
   * the start's answer refuses is lost here, before anything more of the task runs.
   */
  private boolean holdConfirmed() {
    if (host.holds(claimed) || await(startAnswer)) {
      return true;
    }
    lost("start");
    return false;
  }

  /** The lifecycle is over on this runner: the slot is free and a forced stop need not wait. */
  private void end() {
    freeSlot();
    completed.countDown();
  }

  /**
   * Gives a claimed message that never got a thread back to the head of its queue (the runner is
   * stopping): no instance was created, so no callback runs.
   */
  public void handBack(String reason) {
    synchronized (phaseLock) {
      released = true; // whatever else happens to it here, it never runs
    }
    reject(null, reason, false);
  }

  /**
   * Runs {@code run} with the task context bound; answers what it threw, or null. A task released
   * or stopped after {@code taskStarted} but before {@code run} began does not run at all: a forced
   * stop finds no thread to stop, and an unmanaged run must not go on beside a re-entered one.
   */
  private Throwable runTask(Task instance) {
    if (!holdConfirmed()) {
      return null;
    }
    synchronized (phaseLock) {
      if (released) {
        return null;
      }
      runBegan = true;
      inRun.set(true);
    }
    CurrentTask.bind(new ExecutionContext(claimed, this));
    try {
      instance.run();
      if (!inRun.compareAndSet(true, false)) {
        awaitStop(); // a forced stop was decided as run returned: take its ThreadDeath here
      }
      return null;
    } catch (ThreadDeath death) {
      inRun.set(false);
      return death;
    } catch (Throwable error) {
      if (!inRun.compareAndSet(true, false)) {
        awaitStop();
      }
      return error;
    } finally {
      CurrentTask.unbind();
    }
  }

  private static void awaitStop() {
    try {
      Thread.sleep(STOP_WAIT_MS);
    } catch (ThreadDeath | InterruptedException expected) {
      // the stop arrived; go on to taskCompleted
    }
  }

  /**
   * End notification or forced stop (SPEC 3.3, transitions 6 and 7). The task becomes RELEASED and
   * unmanaged at once (its slot is freed); {@code release()} runs on another thread than {@code
   * run}, or the run thread is stopped; then the release is reported.
   *
   * @return whether the queue service applied it; a failed future if the task is not running
   */
  public Future<Boolean> release(
      boolean forced, boolean reentry, boolean stop, String identity, Instant requestedAt) {
    synchronized (phaseLock) {
      if (!releasable()) {
        return Future.failedFuture(
            new IllegalStateException("task " + claimed.messageId() + " is " + phase + " here"));
      }
      released = true;
      phase = TaskState.RELEASED;
    }
    freeSlot();
    Promise<String> method = Promise.promise();
    host.runAside(
        () -> {
          try {
            method.complete(forced ? stopRun("forced stop") : releaseTask());
          } catch (RuntimeException e) {
            method.complete(forced ? "Thread.stop" : "release");
          }
        });
    return method
        .future()
        .compose(
            how ->
                report(
                    ReportType.RELEASED,
                    new JsonObject()
                        .put("forced", forced)
                        .put("reentry", reentry)
                        .put("stop", stop)
                        .put("identity", identity)
                        .put("requestedAt", requestedAt.toString())
                        .put("method", how)));
  }

  /**
   * Whether a release or forced stop applies now: the task runs, or its start was reported (the
   * queue service shows it RUNNING) and the answer is still on its way to this runner.
   */
  public boolean releasable() {
    synchronized (phaseLock) {
      return !released
          && (phase == TaskState.RUNNING || (phase == TaskState.READY && startReported));
    }
  }

  private String releaseTask() {
    callback("release", () -> task.release());
    return "release";
  }

  /**
   * Stops the run thread: Thread.stop() where the JVM has it, else interrupt and abandon.
   *
   * @param reason why a script is ended (what its taskCompleted is told)
   */
  @SuppressWarnings("removal")
  private String stopRun(String reason) {
    Thread thread = runThread;
    String method;
    synchronized (phaseLock) {
      // released is set: run either began before, or never will
      method = runBegan ? "none (run had returned)" : "none (run had not begun)";
    }
    if (thread != null && task instanceof Abortable script) {
      // a script is ended at its next instruction check, whatever the JVM, in run or in the
      // taskStarted before it (which Thread.stop, kept for run, never reached); Thread.stop only if
      // it does not end in time (it is stuck in a blocking call or a long built-in)
      boolean running = inRun.get();
      script.abort(reason);
      method = running ? "script ended" : method;
      if (awaitCompleted()) {
        return method;
      }
    }
    if (thread != null && inRun.compareAndSet(true, false)) {
      try {
        thread.stop();
        method = "Thread.stop";
      } catch (UnsupportedOperationException e) {
        thread.interrupt();
        method = "interrupted and abandoned (this JVM has no Thread.stop)";
      }
    }
    if (!awaitCompleted()) {
      method = method + "; run did not end, thread abandoned";
    }
    return method;
  }

  private boolean awaitCompleted() {
    try {
      return completed.await(STOP_WAIT_MS, TimeUnit.MILLISECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return false;
    }
  }

  private String taskName() {
    return claimed.jsPath() != null ? "script " + claimed.jsPath() : claimed.taskClassName();
  }

  /** The task heartbeats (SPEC 4): throttled, and refused once Ordo no longer manages it. */
  void heartbeat(Object details) {
    if (released) {
      throw new TaskCancelledException(
          "task " + claimed.messageId() + " is no longer managed by Ordo");
    }
    Object json =
        bounded(JavaParameters.toJsonValue(details, "heartbeat details"), "the heartbeat details");
    long now = System.nanoTime() / 1_000_000; // throttling is about real time, not the task clock
    synchronized (heartbeatLock) {
      pendingHeartbeat = json;
      if (now - lastHeartbeatSent < HEARTBEAT_MIN_INTERVAL_MS) {
        if (!heartbeatFlushScheduled) {
          heartbeatFlushScheduled = true;
          host.later(HEARTBEAT_MIN_INTERVAL_MS, this::flushHeartbeat);
        }
        return;
      }
      lastHeartbeatSent = now;
      pendingHeartbeat = null;
    }
    if (!await(report(ReportType.HEARTBEAT, new JsonObject().put("details", json)))) {
      lost("heartbeat");
      throw new TaskCancelledException(
          "task " + claimed.messageId() + " timed out or its runner lost it; stop work");
    }
  }

  private void flushHeartbeat() {
    Object details;
    synchronized (heartbeatLock) {
      heartbeatFlushScheduled = false;
      if (pendingHeartbeat == null || released) {
        return;
      }
      details = pendingHeartbeat;
      pendingHeartbeat = null;
      lastHeartbeatSent = System.nanoTime() / 1_000_000;
    }
    report(ReportType.HEARTBEAT, new JsonObject().put("details", details))
        .onSuccess(
            applied -> {
              if (!applied) {
                lost("heartbeat");
              }
            });
  }

  /**
   * The queue service no longer lets this runner hold the message (timed out, lease lost, fenced):
   * the task is told to stop through {@code release()} and nothing it reports is applied.
   */
  public void lost(String when) {
    boolean wasRunning;
    synchronized (phaseLock) {
      if (released) {
        return;
      }
      released = true;
      wasRunning = phase == TaskState.RUNNING;
      phase = TaskState.RELEASED;
    }
    LOG.info("Task {} lost its hold at {}; it is released", claimed.messageId(), when);
    freeSlot();
    if (task instanceof Abortable script) {
      // a script has no release(): it is ended, in setParameter or taskAccepted too (a removed
      // READY message), and a running one is stopped as a forced stop is if it does not end in
      // time (a built-in such as lastIndexOf over a sparse array runs for minutes unchecked)
      String reason = "the task " + when + " ended it";
      script.abort(reason);
      if (wasRunning) {
        host.runAside(() -> stopRun(reason));
      }
    } else if (wasRunning && task != null) {
      host.runAside(this::releaseTask);
    }
  }

  private void reject(Task instance, String reason) {
    reject(instance, reason, true);
  }

  /**
   * @param backoff whether the message should wait before it is selected again (it would fail the
   *     same way at once); not for a runner that is merely shutting down
   */
  private void reject(Task instance, String reason, boolean backoff) {
    phase = TaskState.INITIAL;
    if (instance != null) {
      TaskException exception = new TaskException(reason, null);
      callback(
          "taskRejected",
          () -> instance.taskRejected(event(TaskEventType.TASK_REJECTED, exception)));
    }
    report(ReportType.REJECTED, new JsonObject().put("reason", reason).put("backoff", backoff))
        .onComplete(
            rejected -> {
              phase = TaskState.WAITING;
              end();
            });
  }

  /**
   * Sends a report stamped now; once the start was sent, every later report goes after the start's
   * answer, and only if the start was applied.
   */
  private Future<Boolean> report(ReportType type, JsonObject data) {
    TaskReport report = TaskReport.of(type, claimed, host.clock().instant(), data);
    Future<Boolean> start = startAnswer;
    if (start == null) {
      return host.report(report);
    }
    return start.compose(applied -> applied ? host.report(report) : Future.succeededFuture(false));
  }

  /**
   * Sends the outcome at once, without waiting for the start's answer: reports reach the queue
   * service in the order they were sent (one batch in flight, applied in order), so the outcome is
   * applied after the start, and a short task's outcome often goes in its start's own batch (both
   * are then written as one). It counts as applied only if the start was; if the start was not, the
   * outcome finds the message no longer held and is not applied either.
   */
  private Future<Boolean> reportOutcome(ReportType type, JsonObject data) {
    Future<Boolean> sent = host.report(TaskReport.of(type, claimed, host.clock().instant(), data));
    Future<Boolean> start = startAnswer;
    return start == null ? sent : sent.compose(applied -> start.map(started -> started && applied));
  }

  private void freeSlot() {
    if (slotFreed.compareAndSet(false, true)) {
      host.freed(this);
    }
  }

  /** Whether a report was answered as applied (a failed delivery counts as not applied). */
  private static boolean applied(io.vertx.core.AsyncResult<Boolean> answer) {
    if (answer.failed()) {
      LOG.warn("A report failed: {}", answer.cause().toString());
      return false;
    }
    return answer.result();
  }

  /**
   * Blocks the task thread on a report's answer: the task's own heartbeat call, and a start whose
   * hold is not surely live.
   */
  private static boolean await(Future<Boolean> future) {
    try {
      return future.toCompletionStage().toCompletableFuture().join();
    } catch (CompletionException e) {
      LOG.warn("A report failed: {}", e.getCause() == null ? e : e.getCause().toString());
      return false;
    }
  }

  private void locked(Runnable work) {
    callbacks.lock();
    try {
      work.run();
    } finally {
      callbacks.unlock();
    }
  }

  /** Calls a callback under the instance's lock; what it throws is logged, never propagated. */
  private void callback(String name, Runnable work) {
    try {
      locked(work);
    } catch (ThreadDeath death) {
      throw death;
    } catch (Throwable error) {
      LOG.warn("{} of task {} threw; going on", name, claimed.messageId(), error);
    }
  }

  private SimpleTaskEvent event(TaskEventType type, TaskException exception) {
    return new SimpleTaskEvent(type, task, exception);
  }
}
