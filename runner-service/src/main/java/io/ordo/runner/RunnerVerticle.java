package io.ordo.runner;

import io.ordo.batch.ContextInbox;
import io.ordo.bus.Addresses;
import io.ordo.bus.ClaimRequest;
import io.ordo.bus.ClaimRequest.SerialQueueRef;
import io.ordo.bus.ClaimedTask;
import io.ordo.bus.ProtocolCodecs;
import io.ordo.bus.QueueServiceContact;
import io.ordo.bus.ReportBatch;
import io.ordo.bus.TaskReport;
import io.ordo.config.NodeContext;
import io.ordo.config.OrdoConfig;
import io.ordo.db.Pools;
import io.ordo.lock.LeaseKeeper;
import io.ordo.lock.LeaseListener;
import io.ordo.lock.LockOwner;
import io.ordo.model.QueueKind;
import io.ordo.runner.execution.ExecutionHost;
import io.ordo.runner.execution.TaskExecution;
import io.ordo.runner.script.ScriptTasks;
import io.ordo.runner.tasktype.TaskTypeRegistry;
import io.ordo.tasktype.TaskTypeStore;
import io.vertx.core.Future;
import io.vertx.core.Promise;
import io.vertx.core.VerticleBase;
import io.vertx.core.json.JsonObject;
import io.vertx.sqlclient.Pool;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.atomic.AtomicInteger;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A runner node (the seed's task processing service and execution engine): claims runnable messages
 * in batches when told of new work and every {@code round-interval}, runs each through the full
 * lifecycle on task threads, reports every transition, holds a lease, and honours release and
 * forced stop.
 *
 * <p>It holds up to {@code max-threads} tasks in their lifecycle (a slot each) and up to {@code
 * prefetch} more claimed parallel-queue messages waiting for a slot ({@link Slots}), so that claims
 * and reports go in large batches under load; its {@link ClaimLoop} claims for the room they leave.
 * Serial-queue heads are claimed only into free slots and go first. Everything here but the task
 * threads runs on the verticle's event loop.
 */
public final class RunnerVerticle extends VerticleBase implements ExecutionHost, LeaseListener {
  private static final Logger LOG = LoggerFactory.getLogger(RunnerVerticle.class);
  // how long a shutdown waits for the releases of the tasks still running after the grace period
  private static final Duration RELEASE_WAIT = Duration.ofSeconds(10);
  // why a claimed message that never got a slot goes back to its queue at a shutdown
  private static final String SHUTTING_DOWN = "the runner is shutting down";

  private final NodeContext node;
  private final TaskTypeRegistry registry;
  private final int maxThreads;
  // how long a lease must surely stay live for a task to begin without waiting for its start
  private final Duration holdMargin;
  private final List<String> taskTypeNames;
  private final Map<String, TaskExecution> executions = new ConcurrentHashMap<>();
  private final Slots slots;
  private Pool pool;
  private ExecutorService taskThreads;
  private Reporter reporter;
  private LeaseKeeper lease;
  private ControlListener control;
  private ScriptTasks scripts;
  private ClaimLoop claims;
  private volatile boolean stopping;
  private long pollTimer = -1;
  private ShutdownWait shutdownWait;
  private ContextInbox<TaskExecution> freedExecutions;
  // asked to stop waiting before the shutdown began (event loop only)
  private boolean waitNoLonger;

  public RunnerVerticle(NodeContext node, TaskTypeRegistry registry) {
    this.node = node;
    this.registry = registry;
    this.maxThreads = node.config().runner().maxThreads();
    this.holdMargin = node.config().lock().lease().dividedBy(10);
    this.slots = new Slots(maxThreads, node.config().runner().prefetch());
    this.taskTypeNames = registry.infos().stream().map(info -> info.taskClassName()).toList();
  }

  /** The lock owner id this runner currently holds its lease as. */
  public String ownerId() {
    return lease == null ? null : lease.ownerId();
  }

  /** Tasks in their lifecycle on this runner (holding a slot). */
  public int busy() {
    return slots.busy();
  }

  @Override
  public Future<?> start() {
    OrdoConfig config = node.config();
    ProtocolCodecs.register(vertx.eventBus());
    pool = Pools.create(vertx, node.database(), 2, "ordo-runner");
    control =
        new ControlListener(
            vertx.eventBus(), (messageId, version) -> executions.get(key(messageId, version)));
    taskThreads = Executors.newCachedThreadPool(threads("ordo-task-"));
    freedExecutions = new ContextInbox<>(context, this::forget);
    scripts = new ScriptTasks(config.scripts(), vertx);
    QueueServiceContact contact = QueueServiceContact.forLease(config.lock().lease());
    reporter = new Reporter(vertx, context, node(), contact, config.lock().lease());
    lease =
        new LeaseKeeper(
            vertx,
            pool,
            node(),
            LockOwner.RUNNER,
            config.lock().lease(),
            config.lock().renewalPeriod(),
            this,
            node.meters(),
            new RunnerStatus(
                maxThreads, slots::busy, () -> slots.capacity(System.nanoTime()), taskTypeNames));
    RunnerMetrics metrics = RunnerMetrics.register(node.meters(), node(), maxThreads, slots::busy);
    claims =
        new ClaimLoop(
            vertx,
            new ClaimLoop.Claimant(lease::ownerId, node(), taskTypeNames),
            slots,
            executions::size,
            () -> stopping,
            this::take,
            metrics,
            contact);
    node.health()
        .register(
            "runner-lease",
            () ->
                lease.held()
                    ? Future.succeededFuture()
                    : Future.failedFuture("the runner holds no lease"));
    node.liveness().register("runner-queue-service", () -> contact.check(System.nanoTime()));
    return new TaskTypeStore()
        .publish(pool, registry.infos(), node.clock().instant())
        .compose(v -> lease.start())
        .onSuccess(
            v -> {
              vertx.eventBus().consumer(Addresses.WORK_AVAILABLE, message -> claims.claim());
              pollTimer =
                  vertx.setPeriodic(
                      config.runner().roundInterval().toMillis(),
                      id -> {
                        handBackOverdue();
                        claims.claim();
                      });
              vertx
                  .eventBus()
                  .publish(Addresses.RUNNERS_CHANGED, new JsonObject().put("started", node()));
              LOG.info(
                  "Runner {} started: {} threads, {} task types",
                  node(),
                  maxThreads,
                  registry.infos().size());
              claims.claim();
            });
  }

  private void take(List<ClaimedTask> claimed) {
    claimed.forEach(this::take);
    dispatch();
  }

  private void take(ClaimedTask task) {
    TaskExecution execution =
        new TaskExecution(
            task,
            task.jsPath() != null
                ? scripts.factory(task)
                : registry.find(task.taskClassName()).orElse(null),
            this);
    executions.put(key(task.messageId(), task.version()), execution);
    if (!slots.add(execution, task.receivedAt(), System.nanoTime())) {
      // a claim answered after the shutdown closed the slots: its messages go back to their
      // queues at once, as those waiting for a slot did then
      execution.handBack(SHUTTING_DOWN);
    }
  }

  /** Gives free slots to waiting messages, each on a task thread of its own. */
  private void dispatch() {
    for (TaskExecution execution : slots.fill(System.nanoTime())) {
      taskThreads.execute(() -> runFrom(execution));
    }
  }

  /**
   * Runs the lifecycle of {@code first} on this task thread, then of every message waiting for the
   * slot it freed: while claimed messages wait, a task thread goes on to the next one itself,
   * instead of handing it back to the event loop for another thread to be woken.
   */
  private void runFrom(TaskExecution first) {
    TaskExecution execution = first;
    while (execution != null) {
      execution.accept();
      Thread.interrupted(); // a forced stop's interrupt was for the task that ended
      execution = slots.next(System.nanoTime());
    }
  }

  /**
   * A prefetched message that waited half a lease for a slot goes back to its queue for another
   * runner (a long task took the slots it expected), before the orphan sweep would take it back.
   */
  private void handBackOverdue() {
    long limit = node.config().lock().lease().toNanos() / 2;
    for (TaskExecution execution : slots.removeWaitingLongerThan(limit, System.nanoTime())) {
      execution.handBack("no thread of this runner was free for it within half a lease");
    }
  }

  /** Every hold lapsed with the lease: tasks are told to stop and their reports are refused. */
  @Override
  public void leaseLost(String lostOwnerId) {
    new ArrayList<>(executions.values()).forEach(execution -> execution.lost("lease expiry"));
  }

  /**
   * A lease is held (at start, or anew after a lost one): control requests reach this owner, and
   * the runner claims at once: work announced while no lease was held (a registration, a delayed
   * message's time) found no owner to claim for, and would otherwise wait for the next poll.
   */
  @Override
  public void leaseAcquired(String ownerId) {
    context.runOnContext(
        v -> {
          control.listen(ownerId);
          claims.claim();
        });
  }

  @Override
  public Future<Boolean> report(TaskReport report) {
    return reporter.report(report).map(result -> result == ReportBatch.Result.APPLIED);
  }

  @Override
  public void freed(TaskExecution execution) {
    slots.free(execution, System.nanoTime()); // at once: the task thread may take the next message
    freedExecutions.post(execution);
  }

  /** Executions that freed their slots, on the event loop: out of the books, and claims go on. */
  private void forget(List<TaskExecution> freed) {
    for (TaskExecution execution : freed) {
      executions.remove(key(execution.claimed().messageId(), execution.claimed().version()));
      claims.ended(execution.claimed());
      if (execution.outcomePending() && serial(execution)) {
        claims.outcomeOnItsWay(queueOf(execution), execution.claimed().nextHeadReceivedAt());
      }
    }
    dispatch();
    claims.claim();
  }

  /**
   * Until a serial task's outcome is applied its queue's next head is not runnable; meanwhile
   * claims take nothing received after that head ({@link ClaimRequest#settling}), so that it is not
   * overtaken. Once applied, a claim may find the head.
   */
  @Override
  public void outcomeSettled(TaskExecution execution) {
    if (serial(execution)) {
      context.runOnContext(v -> claims.outcomeApplied(queueOf(execution)));
    }
  }

  private static SerialQueueRef queueOf(TaskExecution execution) {
    return new SerialQueueRef(execution.claimed().tenant(), execution.claimed().queueId());
  }

  private static boolean serial(TaskExecution execution) {
    return execution.claimed().kind() == QueueKind.SERIAL;
  }

  @Override
  public boolean holds(ClaimedTask claimed) {
    return lease.holds(claimed.ownerId(), holdMargin);
  }

  @Override
  public boolean shuttingDown() {
    return stopping;
  }

  @Override
  public void runAside(Runnable work) {
    vertx.executeBlocking(
        () -> {
          work.run();
          return null;
        },
        false);
  }

  @Override
  public void later(long delayMillis, Runnable work) {
    vertx.setTimer(delayMillis, id -> work.run());
  }

  @Override
  public int maxResultBytes() {
    return node.config().limits().maxResultBytes();
  }

  @Override
  public String node() {
    return node.config().nodeName();
  }

  @Override
  public Clock clock() {
    return node.clock();
  }

  /**
   * Graceful shutdown (SPEC 6): stop selecting, wait up to the grace period for running tasks,
   * release the rest with re-entry, give up the lease at once.
   */
  @Override
  public Future<?> stop() {
    stopping = true;
    if (pollTimer >= 0) {
      vertx.cancelTimer(pollTimer);
    }
    // claimed messages that never got a slot go back to their queues at once, for other runners
    List<TaskExecution> waiting = slots.close();
    waiting.forEach(execution -> execution.handBack(SHUTTING_DOWN));
    List<TaskExecution> running = new ArrayList<>(executions.values());
    running.removeAll(waiting);
    // outcomes still on their way must be applied before the lease is given up, and a claim in
    // flight answered: the messages it took are handed back (take), not left to the lease
    shutdownWait =
        ShutdownWait.begin(
            vertx,
            node.config().shutdownGracePeriod(),
            running,
            executions::size,
            () -> reporter.idle() && !claims.inFlight());
    if (waitNoLonger) {
      shutdownWait.stopNow(executions.size());
    }
    return shutdownWait
        .over()
        .compose(
            v -> {
              // from here a report that cannot be delivered (the queue service gone or failing) is
              // given up after a few attempts instead of retried for good, so the releases end
              reporter.close();
              return releaseRemaining();
            })
        .eventually(() -> lease.resign())
        .eventually(
            () -> {
              taskThreads.shutdownNow();
              return pool.close();
            });
  }

  /**
   * During the graceful shutdown, stops waiting for the running tasks: they are released with
   * re-entry now (an operator's second Ctrl-C). Any thread.
   */
  public void stopWaiting() {
    if (context != null) {
      context.runOnContext(
          v -> {
            waitNoLonger = true;
            if (shutdownWait != null) {
              shutdownWait.stopNow(executions.size());
            }
          });
    }
  }

  private Future<Void> releaseRemaining() {
    List<Future<Boolean>> releases = new ArrayList<>();
    for (TaskExecution execution : executions.values()) {
      if (execution.releasable()) {
        LOG.info("Shutdown: releasing {} with re-entry", execution.claimed().messageId());
        releases.add(
            execution.release(false, true, false, "shutdown of " + node(), node.clock().instant()));
      }
    }
    // waited for a bounded time (a release() callback may block): what is not released by then
    // goes back to its queue through the lease, given up next
    Promise<Void> released = Promise.promise();
    long limit =
        vertx.setTimer(
            RELEASE_WAIT.toMillis(),
            id -> {
              LOG.warn(
                  "Shutdown: {} releases not answered after {}; giving up the lease",
                  releases.stream().filter(r -> !r.isComplete()).count(),
                  RELEASE_WAIT);
              released.tryComplete();
            });
    Future.join(releases)
        .onComplete(
            done -> {
              vertx.cancelTimer(limit);
              released.tryComplete();
            });
    return released.future();
  }

  private static String key(String messageId, long version) {
    return messageId + "@" + version;
  }

  private static ThreadFactory threads(String prefix) {
    AtomicInteger counter = new AtomicInteger();
    return runnable -> {
      Thread thread = new Thread(runnable, prefix + counter.incrementAndGet());
      thread.setDaemon(true);
      return thread;
    };
  }
}
