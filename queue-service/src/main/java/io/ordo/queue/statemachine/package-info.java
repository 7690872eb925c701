/**
 * State machines and their executions (SPEC 7), driven by the queue service as a decider.
 *
 * <p>Storage: {@code ordo_state_machine} (validated definitions per tenant) and {@code
 * ordo_execution} (one row per execution: what the API shows, the definition it runs, the decider's
 * state as JSON, the earliest durable timer {@code wake_at}, and the instance lock {@code
 * lock_owner_id}/{@code lock_version}). Task outcomes arrive in {@code ordo_execution_inbox},
 * written with each disposal of a task message that names an execution.
 *
 * <p>One advance ({@link io.ordo.queue.statemachine.ExecutionAdvancer}): take the lock with one
 * conditional UPDATE that bumps the version; read the inbox; let the {@link
 * io.ordo.queue.statemachine.Interpreter} (no I/O) apply outcomes, a stop, the timeout and due
 * timers; then save in one transaction, conditional on the version: the row (which gives the lock
 * back), the inbox rows applied, the history events, the task messages of new Task states. After
 * the commit, the tasks of aborted branches are stopped ({@link
 * io.ordo.queue.statemachine.TaskStopper}).
 *
 * <p>The {@link io.ordo.queue.statemachine.ExecutionDecider} advances on the {@code
 * ordo.execution.pending} hint and polls every round interval for inboxes and due timers.
 */
package io.ordo.queue.statemachine;
