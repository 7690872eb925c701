package io.ordo.runner;

import io.ordo.bus.Addresses;
import io.ordo.bus.ClaimedTask;
import io.ordo.bus.TaskReport;
import io.ordo.config.NodeContext;
import io.ordo.config.OrdoConfig;
import io.ordo.db.Pools;
import io.ordo.lock.LeaseKeeper;
import io.ordo.lock.LeaseListener;
import io.ordo.lock.LockOwner;
import io.ordo.runner.execution.ExecutionHost;
import io.ordo.runner.execution.TaskExecution;
import io.ordo.runner.tasktype.TaskTypeRegistry;
import io.ordo.tasktype.TaskTypeStore;
import io.vertx.core.Future;
import io.vertx.core.Promise;
import io.vertx.core.VerticleBase;
import io.vertx.core.eventbus.DeliveryOptions;
import io.vertx.core.eventbus.MessageConsumer;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import io.vertx.sqlclient.Pool;
import java.time.Clock;
import java.time.Instant;
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
 * in batches up to its free capacity when told of new work and every {@code round-interval}, runs
 * each on its own thread with the full lifecycle, reports every transition, holds a lease, and
 * honours release and forced stop.
 */
public final class RunnerVerticle extends VerticleBase implements ExecutionHost, LeaseListener {
  private static final Logger LOG = LoggerFactory.getLogger(RunnerVerticle.class);
  private static final long CLAIM_TIMEOUT_MS = 10_000;

  private final NodeContext node;
  private final TaskTypeRegistry registry;
  private final int maxThreads;
  private final JsonArray taskTypeNames;
  private final Map<String, TaskExecution> executions = new ConcurrentHashMap<>();
  private final AtomicInteger busy = new AtomicInteger();
  private Pool pool;
  private ExecutorService taskThreads;
  private Reporter reporter;
  private LeaseKeeper lease;
  private MessageConsumer<JsonObject> control;
  private boolean claiming;
  private boolean claimAgain;
  private volatile boolean stopping;
  private long pollTimer = -1;

  public RunnerVerticle(NodeContext node, TaskTypeRegistry registry) {
    this.node = node;
    this.registry = registry;
    this.maxThreads = node.config().runner().maxThreads();
    this.taskTypeNames =
        new JsonArray(
            registry.infos().stream().map(info -> (Object) info.taskClassName()).toList());
  }

  /** The lock owner id this runner currently holds its lease as. */
  public String ownerId() {
    return lease == null ? null : lease.ownerId();
  }

  /** Tasks in INITIAL..RUNNING on this runner. */
  public int busy() {
    return busy.get();
  }

  @Override
  public Future<?> start() {
    OrdoConfig config = node.config();
    pool = Pools.create(vertx, node.database(), 2, "ordo-runner");
    taskThreads = Executors.newCachedThreadPool(threads("ordo-task-"));
    reporter = new Reporter(vertx, context, node());
    lease =
        new LeaseKeeper(
            vertx,
            pool,
            node(),
            LockOwner.RUNNER,
            maxThreads,
            config.lock().lease(),
            config.lock().renewalPeriod(),
            this,
            node.meters());
    RunnerMetrics.register(node.meters(), node(), maxThreads, busy::get);
    node.health()
        .register(
            "runner-lease",
            () ->
                lease.held()
                    ? Future.succeededFuture()
                    : Future.failedFuture("the runner holds no lease"));
    return new TaskTypeStore()
        .publish(pool, registry.infos(), node.clock().instant())
        .compose(v -> lease.start())
        .onSuccess(
            v -> {
              vertx.eventBus().consumer(Addresses.WORK_AVAILABLE, message -> claim());
              pollTimer =
                  vertx.setPeriodic(config.runner().roundInterval().toMillis(), id -> claim());
              vertx
                  .eventBus()
                  .publish(Addresses.RUNNERS_CHANGED, new JsonObject().put("started", node()));
              LOG.info(
                  "Runner {} started: {} threads, {} task types",
                  node(),
                  maxThreads,
                  registry.infos().size());
              claim();
            });
  }

  /** Claims up to the free capacity; repeats while claims come back full or work was announced. */
  private void claim() {
    if (stopping || lease.ownerId() == null) {
      return;
    }
    if (claiming) {
      claimAgain = true;
      return;
    }
    int free = maxThreads - busy.get();
    if (free <= 0) {
      return;
    }
    claiming = true;
    claimAgain = false;
    vertx
        .eventBus()
        .<JsonObject>request(
            Addresses.QUEUE_CLAIM,
            new JsonObject()
                .put("ownerId", lease.ownerId())
                .put("node", node())
                .put("capacity", free)
                .put("taskTypes", taskTypeNames),
            new DeliveryOptions().setSendTimeout(CLAIM_TIMEOUT_MS))
        .onComplete(
            reply -> {
              claiming = false;
              int got = 0;
              if (reply.succeeded()) {
                JsonArray tasks = reply.result().body().getJsonArray("tasks");
                got = tasks.size();
                tasks.forEach(task -> launch(ClaimedTask.fromJson((JsonObject) task)));
              } else {
                LOG.debug("Claim failed: {}", reply.cause().getMessage());
              }
              if (claimAgain || (got > 0 && got == free)) {
                claim();
              }
            });
  }

  private void launch(ClaimedTask task) {
    TaskExecution execution =
        new TaskExecution(task, registry.find(task.taskClassName()).orElse(null), this);
    busy.incrementAndGet();
    executions.put(key(task.messageId(), task.version()), execution);
    taskThreads.execute(execution::execute);
  }

  /**
   * Release and forced-stop requests from the queue service, for tasks held under {@code ownerId}
   * (the queue service addresses the owner that holds a message, so a new lease needs a new
   * listener).
   */
  private void listenForControl(String ownerId) {
    if (control != null) {
      control.unregister();
    }
    control =
        vertx
            .eventBus()
            .consumer(
                Addresses.runnerControl(ownerId),
                message -> {
                  JsonObject body = message.body();
                  TaskExecution execution =
                      executions.get(key(body.getString("messageId"), body.getLong("version")));
                  if ("lost".equals(body.getString("action"))) {
                    // A timeout took the task away: it is told to stop; nothing to answer.
                    if (execution != null) {
                      execution.lost(body.getString("reason", "timeout"));
                    }
                    return;
                  }
                  if (execution == null) {
                    message.fail(404, "this runner does not run that task");
                    return;
                  }
                  execution
                      .release(
                          "stop".equals(body.getString("action")),
                          body.getBoolean("reentry", false),
                          body.getBoolean("stop", false),
                          body.getString("identity"),
                          Instant.parse(body.getString("requestedAt")))
                      .onSuccess(applied -> message.reply(new JsonObject().put("applied", applied)))
                      .onFailure(error -> message.fail(409, error.getMessage()));
                });
  }

  /** Every hold lapsed with the lease: tasks are told to stop and their reports are refused. */
  @Override
  public void leaseLost(String lostOwnerId) {
    new ArrayList<>(executions.values()).forEach(execution -> execution.lost("lease expiry"));
  }

  /** A lease is held (at start, or anew after a lost one): control requests reach this owner. */
  @Override
  public void leaseAcquired(String ownerId) {
    context.runOnContext(v -> listenForControl(ownerId));
  }

  @Override
  public Future<Boolean> report(TaskReport report) {
    return reporter.report(report).map(result -> result == Reporter.Result.APPLIED);
  }

  @Override
  public void freed(TaskExecution execution) {
    busy.decrementAndGet();
    context.runOnContext(
        v -> {
          executions.remove(key(execution.claimed().messageId(), execution.claimed().version()));
          claim();
        });
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
    long deadline = System.currentTimeMillis() + node.config().shutdownGracePeriod().toMillis();
    Promise<Void> drained = Promise.promise();
    awaitIdle(deadline, drained);
    return drained
        .future()
        .compose(v -> releaseRemaining())
        .eventually(() -> lease.resign())
        .eventually(
            () -> {
              reporter.close();
              taskThreads.shutdownNow();
              return pool.close();
            });
  }

  private void awaitIdle(long deadline, Promise<Void> drained) {
    if (busy.get() == 0 || System.currentTimeMillis() >= deadline) {
      drained.complete();
    } else {
      vertx.setTimer(100, id -> awaitIdle(deadline, drained));
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
    return Future.join(releases).mapEmpty();
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
