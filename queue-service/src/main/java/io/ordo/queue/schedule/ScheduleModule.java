package io.ordo.queue.schedule;

import io.micrometer.core.instrument.MeterRegistry;
import io.ordo.parameter.ParameterLimits;
import io.ordo.queue.lifecycle.WorkNotifier;
import io.ordo.queue.management.QueueAdministration;
import io.ordo.queue.registration.RegistrationInTransaction;
import io.ordo.queue.statemachine.StateMachineModule;
import io.ordo.queue.tasktype.TaskTypeCatalog;
import io.vertx.core.Vertx;
import io.vertx.sqlclient.Pool;
import java.time.Clock;

/**
 * The recurring schedules of a queue service, wired.
 *
 * @param schedules the API's operations
 * @param loop the firing loop every queue service runs
 */
public record ScheduleModule(Schedules schedules, ScheduleLoop loop) {

  /** What the module uses of the rest of the queue service. */
  public record Dependencies(
      Vertx vertx,
      Pool pool,
      Clock clock,
      MeterRegistry meters,
      TaskTypeCatalog catalog,
      ParameterLimits parameterLimits,
      int maxIdLength,
      WorkNotifier notifier,
      QueueAdministration queues,
      StateMachineModule stateMachines) {}

  public static ScheduleModule create(Dependencies d) {
    ScheduleStore store = new ScheduleStore();
    RunLauncher launcher =
        new RunLauncher(
            new RegistrationInTransaction(d.catalog(), d.parameterLimits(), d.maxIdLength()),
            d.stateMachines().executions(),
            d.queues());
    ScheduleMetrics metrics = ScheduleMetrics.of(d.meters());
    ScheduleFiring firing = new ScheduleFiring(d.pool(), store, launcher, d.notifier(), metrics);
    Schedules schedules =
        new Schedules(
            d.pool(),
            d.clock(),
            store,
            launcher,
            d.stateMachines().stateMachines(),
            firing,
            metrics);
    return new ScheduleModule(schedules, new ScheduleLoop(d.vertx(), d.clock(), firing));
  }
}
