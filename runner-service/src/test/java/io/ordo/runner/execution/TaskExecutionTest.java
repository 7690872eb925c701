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
 * A release or forced stop that reaches a runner between the start being recorded (the API shows
 * RUNNING) and {@code run} beginning: it is honoured, and {@code run} never begins.
 */
class TaskExecutionTest {
  private final FakeHost host = new FakeHost();

  @BeforeEach
  void reset() {
    GatedStartTask.reset(false);
  }

  @Test
  void forcedStop_whileTheStartIsBeingRecorded_isHonoured_andRunNeverBegins() throws Exception {
    TaskExecution execution = execution();
    Thread thread = new Thread(execution::accept);
    thread.start();
    assertTrue(host.startReported.await(10, TimeUnit.SECONDS));

    Future<Boolean> stopped = execution.release(true, false, false, "operator", Instant.now());
    host.started.complete(true); // the queue service's answer arrives after the stop request
    thread.join(10_000);
    assertTrue(host.runStepDone.await(10, TimeUnit.SECONDS), "the run step ended");

    assertTrue(stopped.toCompletionStage().toCompletableFuture().get(10, TimeUnit.SECONDS));
    assertEquals("none (run had not begun)", host.released().getString("method"));
    assertEquals(List.of("taskAccepted"), GatedStartTask.CALLS);
    assertFalse(host.types().contains(ReportType.COMPLETED));
    assertEquals(1, host.freed.get(), "the slot is freed once");
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
    assertTrue(host.runStepDone.await(10, TimeUnit.SECONDS), "the run step ended");

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
            new JsonObject());
    RegisteredType type =
        new RegisteredType(
            GatedStartTask.class,
            new TaskTypeInfo(GatedStartTask.class.getName(), List.of(), Timeouts.NONE_AT_ALL));
    return new TaskExecution(claimed, type, host);
  }

  /** A runner that answers every report at once, but the start when the test says so. */
  private static final class FakeHost implements ExecutionHost {
    final Promise<Boolean> started = Promise.promise();
    final CountDownLatch startReported = new CountDownLatch(1);
    final CountDownLatch runStepDone = new CountDownLatch(1);
    final AtomicInteger freed = new AtomicInteger();
    final List<TaskReport> reports = new CopyOnWriteArrayList<>();

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
    public void outcomeSettled(TaskExecution execution) {}

    @Override
    public boolean shuttingDown() {
      return false;
    }

    @Override
    public void onTaskThread(Runnable step) {
      new Thread(
              () -> {
                step.run();
                runStepDone.countDown();
              })
          .start();
    }

    @Override
    public void runAside(Runnable work) {
      new Thread(work).start();
    }

    @Override
    public void later(long delayMillis, Runnable work) {}

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
