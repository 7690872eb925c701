package io.ordo.queue;

import io.ordo.queue.management.HistoryClient;
import io.ordo.queue.management.QueueAdministration;
import io.ordo.queue.management.QueueInfoReader;
import io.ordo.queue.management.RunnerList;
import io.ordo.queue.management.TaskAdministration;
import io.ordo.queue.management.TaskControl;
import io.ordo.queue.management.TaskList;
import io.ordo.queue.registration.RegistrationService;
import io.ordo.queue.schedule.ScheduleModule;
import io.ordo.queue.statemachine.StateMachineModule;
import io.ordo.queue.tasktype.TaskTypeCatalog;

/**
 * The operations of the queue service, as the HTTP routes and the event-bus API call them.
 *
 * @param registrations registers task messages
 * @param queues adds, removes, activates queues
 * @param reader reads queues, tasks and the status snapshot
 * @param tasks removes waiting messages
 * @param catalog the known task types
 * @param runners the farm's live runners
 * @param control releases and stops running tasks
 * @param history reads histories from the history service
 * @param stateMachines state machines, their executions and the decider
 * @param schedules recurring schedules and their firing loop
 * @param taskList lists live and finished tasks across queues
 */
public record QueueServices(
    RegistrationService registrations,
    QueueAdministration queues,
    QueueInfoReader reader,
    TaskAdministration tasks,
    TaskTypeCatalog catalog,
    RunnerList runners,
    TaskControl control,
    HistoryClient history,
    StateMachineModule stateMachines,
    ScheduleModule schedules,
    TaskList taskList) {}
