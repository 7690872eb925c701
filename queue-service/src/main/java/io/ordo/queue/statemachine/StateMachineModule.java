package io.ordo.queue.statemachine;

import io.micrometer.core.instrument.MeterRegistry;
import io.ordo.config.OrdoConfig.StateMachineOptions;
import io.ordo.history.HistoryStore;
import io.ordo.lock.LockRetries;
import io.ordo.lock.LockRetryPolicy;
import io.ordo.parameter.ParameterLimits;
import io.ordo.queue.lifecycle.WorkNotifier;
import io.ordo.queue.management.HistoryClient;
import io.ordo.queue.management.QueueAdministration;
import io.ordo.queue.management.TaskAdministration;
import io.ordo.queue.management.TaskControl;
import io.ordo.queue.registration.TaskScheduler;
import io.ordo.queue.store.QueueStore;
import io.ordo.queue.store.TaskStore;
import io.ordo.queue.tasktype.TaskTypeCatalog;
import io.vertx.core.Vertx;
import io.vertx.sqlclient.Pool;
import java.time.Clock;
import java.util.concurrent.ThreadLocalRandom;
import java.util.function.Supplier;

/**
 * The state-machine side of a queue service, wired: definitions, executions and the decider.
 *
 * @param stateMachines {@code PUT/GET /state-machines/{name}}
 * @param executions starting, describing, stopping executions and reading their histories
 * @param decider advances executions on hints and on its poll
 */
public record StateMachineModule(
    StateMachines stateMachines, Executions executions, ExecutionDecider decider) {

  /** What the module uses of the rest of the queue service. */
  public record Dependencies(
      Vertx vertx,
      Pool pool,
      Clock clock,
      MeterRegistry meters,
      Supplier<String> lockOwner,
      LockRetryPolicy lockPolicy,
      TaskTypeCatalog catalog,
      QueueAdministration queues,
      TaskAdministration tasks,
      TaskControl control,
      WorkNotifier notifier,
      HistoryClient history,
      StateMachineOptions limits,
      ParameterLimits parameterLimits) {}

  public static StateMachineModule create(Dependencies d) {
    TaskScheduler scheduler = new TaskScheduler(new QueueStore(), new TaskStore());
    DecisionWriter writer = new DecisionWriter(new HistoryStore(), scheduler);
    ExecutionTimers timers = new ExecutionTimers(d.vertx(), d.clock());
    AfterCommit afterCommit =
        new AfterCommit(
            d.vertx().eventBus(),
            d.notifier(),
            new TaskStopper(d.vertx(), d.tasks(), d.control()),
            timers);
    TaskTypeLookup taskTypes = new TaskTypeLookup(d.catalog());
    ExecutionLimits limits = new ExecutionLimits(d.limits(), d.parameterLimits());
    StepThreads steps = new StepThreads(d.vertx());
    ExecutionAdvancer advancer =
        new ExecutionAdvancer(
            d.pool(),
            d.clock(),
            d.lockOwner(),
            taskTypes,
            writer,
            afterCommit,
            () -> ThreadLocalRandom.current().nextDouble(),
            limits,
            steps);
    ExecutionDecider decider =
        new ExecutionDecider(
            d.vertx(),
            d.pool(),
            d.clock(),
            advancer,
            timers,
            // Lock retries wait real time (Vert.x timers), so their limit is measured in real time
            // too, also when tests drive the node's clock by hand.
            LockRetries.of(d.vertx(), Clock.systemUTC(), d.meters()),
            d.lockPolicy());
    StateMachines stateMachines = new StateMachines(d.vertx(), d.pool(), d.clock(), d.catalog());
    ExecutionStarter starter =
        new ExecutionStarter(
            d.pool(),
            d.clock(),
            stateMachines,
            d.queues()::ensureParallelQueue,
            taskTypes,
            writer,
            afterCommit,
            () -> ThreadLocalRandom.current().nextDouble(),
            limits,
            steps);
    Executions executions = new Executions(d.pool(), starter, decider, d.history(), d.lockPolicy());
    return new StateMachineModule(stateMachines, executions, decider);
  }
}
