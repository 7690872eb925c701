package io.ordo.runner.execution;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.ordo.bus.ClaimedTask;
import io.ordo.bus.ReportType;
import io.ordo.bus.TaskReport;
import io.ordo.model.QueueKind;
import io.ordo.model.Timeouts;
import io.ordo.runner.tasktype.RegisteredType;
import io.ordo.tasktype.TaskTypeInfo;
import io.vertx.core.Future;
import io.vertx.core.Promise;
import io.vertx.core.json.JsonObject;
import java.time.Clock;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The lifecycle on one task thread that does not wait for the start to be recorded: the run begins
 * at once, the outcome is sent behind the start and settled once both are answered, heartbeats and
 * releases wait for the start's answer, a refused start releases the task, and a hold that is not
 * surely live waits for the start's answer before anything runs. A release or forced stop that
 * reaches the runner before {@code run} began is honoured, and {@code run} never begins.
 */
class TaskExecutionTest {
  private final FakeHost host = new FakeHost();

  @BeforeEach
  void reset() {
    GatedStartTask.reset(false);
  }

  @Test
  void run_beginsBeforeTheStartIsAnswered_andTheOutcomeFollowsTheStart_settledOnItsAnswer()
      throws Exception {
    TaskExecution execution = execution();
    Thread thread = new Thread(execution::accept);
    thread.start();
    thread.join(10_000);
    assertFalse(thread.isAlive(), "the thread did not wait for the start");

    assertEquals(
        List.of("taskAccepted", "taskStarted", "run", "taskCompleted"), GatedStartTask.CALLS);
    assertEquals(
        List.of(ReportType.STARTED, ReportType.COMPLETED),
        host.types(),
        "the outcome is sent behind the start, without waiting for its answer");
    assertEquals(1, host.freed.get(), "the slot is free while the start is recorded");
    assertEquals(0, host.settled.get(), "the outcome is not settled before the start's answer");

    host.started.complete(true);
    assertEquals(1, host.settled.get());
  }

  @Test
  void refusedStart_releasesTheRunningTask_andItsOutcomeIsNotSent() throws Exception {
    GatedStartTask.reset(false, true);
    TaskExecution execution = execution();
    Thread thread = new Thread(execution::accept);
    thread.start();
    assertTrue(GatedStartTask.runEntered.await(10, TimeUnit.SECONDS));

    host.started.complete(false); // e.g. the message was removed while it waited for a thread
    assertTrue(host.asideDone.await(10, TimeUnit.SECONDS), "release() was called aside");
    GatedStartTask.runGate.countDown();
    thread.join(10_000);

    assertEquals(
        List.of("taskAccepted", "taskStarted", "run", "release", "taskCompleted"),
        GatedStartTask.CALLS);
    assertEquals(List.of(ReportType.STARTED), host.types(), "nothing after a refused start");
    assertEquals(1, host.freed.get(), "the slot is freed once");
  }

  @Test
  void holdNotSurelyLive_waitsForTheStartsAnswer_andARefusalKeepsRunFromBeginning()
      throws Exception {
    host.holds = false;
    TaskExecution execution = execution();
    Thread thread = new Thread(execution::accept);
    thread.start();
    assertTrue(host.startReported.await(10, TimeUnit.SECONDS));
    thread.join(200);
    assertTrue(thread.isAlive(), "the thread waits for the database's word");
    assertEquals(List.of("taskAccepted"), GatedStartTask.CALLS);

    host.started.complete(false);
    thread.join(10_000);
    assertEquals(List.of("taskAccepted"), GatedStartTask.CALLS, "nothing more of it ran");
    assertEquals(List.of(ReportType.STARTED), host.types());
  }

  @Test
  void holdNotSurelyLive_runsOnceTheStartIsApplied() throws Exception {
    host.holds = false;
    host.started.complete(true);
    TaskExecution execution = execution();
    Thread thread = new Thread(execution::accept);
    thread.start();
    thread.join(10_000);

    assertEquals(
        List.of("taskAccepted", "taskStarted", "run", "taskCompleted"), GatedStartTask.CALLS);
    assertEquals(List.of(ReportType.STARTED, ReportType.COMPLETED), host.types());
  }

  @Test
  void forcedStop_duringTaskStarted_keepsRunFromBeginning() throws Exception {
    GatedStartTask.reset(true);
    TaskExecution execution = execution();
    host.started.complete(true);
    Thread thread = new Thread(execution::accept);
    thread.start();
    assertTrue(GatedStartTask.startEntered.await(10, TimeUnit.SECONDS));

    Future<Boolean> stopped = execution.release(true, true, false, "operator", Instant.now());
    GatedStartTask.startGate.countDown();
    thread.join(10_000);

    assertTrue(stopped.toCompletionStage().toCompletableFuture().get(10, TimeUnit.SECONDS));
    assertEquals("none (run had not begun)", host.released().getString("method"));
    assertEquals(List.of("taskAccepted", "taskStarted", "taskCompleted"), GatedStartTask.CALLS);
    assertFalse(host.types().contains(ReportType.COMPLETED));
  }

  @Test
  void release_beforeTheStartIsReported_isRefused() throws Exception {
    GatedStartTask.reset(false);
    TaskExecution execution = execution();
    assertFalse(execution.releasable());
    assertTrue(
        execution.release(false, false, false, "operator", Instant.now()).failed(),
        "a task whose start was not reported is not RUNNING anywhere");
  }

  private TaskExecution execution() {
    ClaimedTask claimed =
        new ClaimedTask(
            "default",
            "0190f5e2-0000-7000-8000-000000000001",
            QueueKind.PARALLEL,
            "",
            GatedStartTask.class.getName(),
            null,
            new JsonObject(),
            new JsonObject(),
            1,
            "0190f5e2-0000-7000-8000-0000000000aa",
            1,
            new JsonObject(),
            Instant.now(),
            null);
    RegisteredType type =
        new RegisteredType(
            GatedStartTask.class,
            new TaskTypeInfo(GatedStartTask.class.getName(), List.of(), Timeouts.NONE_AT_ALL));
    return new TaskExecution(claimed, type, host);
  }

  /**
   * A runner that answers every report at once, but the start when the test says so, and whose
   * lease is surely live unless the test says otherwise.
   */
  private static final class FakeHost implements ExecutionHost {
    final Promise<Boolean> started = Promise.promise();
    final CountDownLatch startReported = new CountDownLatch(1);
    final CountDownLatch asideDone = new CountDownLatch(1);
    final AtomicInteger freed = new AtomicInteger();
    final AtomicInteger settled = new AtomicInteger();
    final List<TaskReport> reports = new CopyOnWriteArrayList<>();
    volatile boolean holds = true;

    List<ReportType> types() {
      return reports.stream().map(TaskReport::type).toList();
    }

    JsonObject released() {
      return reports.stream()
          .filter(r -> r.type() == ReportType.RELEASED)
          .findFirst()
          .orElseThrow()
          .data();
    }

    @Override
    public Future<Boolean> report(TaskReport report) {
      reports.add(report);
      if (report.type() == ReportType.STARTED) {
        startReported.countDown();
        return started.future();
      }
      return Future.succeededFuture(true);
    }

    @Override
    public void freed(TaskExecution execution) {
      freed.incrementAndGet();
    }

    @Override
    public void outcomeSettled(TaskExecution execution) {
      settled.incrementAndGet();
    }

    @Override
    public boolean shuttingDown() {
      return false;
    }

    @Override
    public boolean holds(ClaimedTask claimed) {
      return holds;
    }

    @Override
    public void runAside(Runnable work) {
      new Thread(
              () -> {
                work.run();
                asideDone.countDown();
              })
          .start();
    }

    @Override
    public void later(long delayMillis, Runnable work) {}

    @Override
    public int maxResultBytes() {
      return 1024 * 1024;
    }

    @Override
    public String node() {
      return "test-runner";
    }

    @Override
    public Clock clock() {
      return Clock.systemUTC();
    }
  }
}
