package io.ordo.queue.statemachine;

import io.ordo.ErrorCode;
import io.ordo.InstanceLockedException;
import io.ordo.TaskControlException;
import io.ordo.db.Transactions;
import io.ordo.queue.store.ExecutionInboxStore;
import io.ordo.queue.store.ExecutionKey;
import io.ordo.statemachine.language.StateMachineDefinition;
import io.ordo.statemachine.language.StatesError;
import io.vertx.core.Future;
import io.vertx.core.json.JsonObject;
import io.vertx.sqlclient.Pool;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.function.DoubleSupplier;
import java.util.function.Supplier;
import java.util.stream.Stream;

/**
 * One advance of one execution, as the SQL Workflow Instance Store does it: take the execution's
 * instance lock (one conditional UPDATE that bumps its version), read the task outcomes in its
 * inbox, let the {@link Interpreter} decide, and save everything it decided in one transaction
 * conditional on that version, which also gives the lock back.
 */
final class ExecutionAdvancer {
  /** How long until the decider tries again to stop tasks whose end it has not seen. */
  static final Duration STOP_RETRY = Duration.ofSeconds(10);

  private final Pool pool;
  private final Clock clock;
  private final Supplier<String> owner;
  private final ExecutionStore executions = new ExecutionStore();
  private final ExecutionInboxStore inbox = new ExecutionInboxStore();
  private final ParsedDefinitions definitions = new ParsedDefinitions();
  private final TaskTypeLookup taskTypes;
  private final DecisionWriter writer;
  private final AfterCommit afterCommit;
  private final DoubleSupplier random;
  private final ExecutionLimits limits;
  private final StepThreads steps;

  /** An operator's stop ({@code POST /executions/{id}/stop}). */
  record Stop(String error, String cause) {}

  /**
   * @param owner this queue service's lock-owner id (its lease)
   * @param random the source of Retry jitter
   * @param limits the bounds of every execution
   * @param steps where the interpreter runs
   */
  ExecutionAdvancer(
      Pool pool,
      Clock clock,
      Supplier<String> owner,
      TaskTypeLookup taskTypes,
      DecisionWriter writer,
      AfterCommit afterCommit,
      DoubleSupplier random,
      ExecutionLimits limits,
      StepThreads steps) {
    this.pool = pool;
    this.clock = clock;
    this.owner = owner;
    this.taskTypes = taskTypes;
    this.writer = writer;
    this.afterCommit = afterCommit;
    this.random = random;
    this.limits = limits;
    this.steps = steps;
  }

  /**
   * Advances an execution with what is due: task outcomes, timers, its timeout, a stop.
   *
   * @param stop an operator's stop, or null
   * @return the execution afterwards; empty if there is no such execution
   * @throws InstanceLockedException (as a failed future) if another live owner holds its lock
   */
  Future<Optional<ExecutionRow>> advance(ExecutionKey key, Stop stop) {
    String me = owner.get();
    if (me == null) {
      // between a lost lease and the next: this instance may take no instance lock
      return Future.failedFuture(
          new TaskControlException(
              ErrorCode.UNAVAILABLE,
              "this queue service is renewing its lease; try again or ask another instance",
              new JsonObject().put("executionId", key.executionId())));
    }
    return executions
        .lock(pool, key.tenant(), key.executionId(), me)
        .compose(
            found -> {
              if (found.isEmpty()) {
                return inbox
                    .deleteAll(pool, key.tenant(), key.executionId())
                    .map(Optional.<ExecutionRow>empty());
              }
              ExecutionRow locked = found.get();
              return work(locked, me, stop)
                  .recover(
                      error ->
                          executions
                              .unlock(pool, locked, me)
                              .transform(v -> Future.<ExecutionRow>failedFuture(error)))
                  .map(Optional::of);
            });
  }

  private Future<ExecutionRow> work(ExecutionRow locked, String me, Stop stop) {
    Instant now = clock.instant();
    return inbox
        .pending(pool, locked.tenant(), locked.executionId())
        .compose(
            entries -> {
              DeciderState state = DeciderState.fromJson(locked.deciderState());
              boolean running = locked.status() == ExecutionStatus.RUNNING;
              boolean timedOut =
                  running && locked.timeoutAt() != null && !locked.timeoutAt().isAfter(now);
              boolean timers = state.nextTimer().map(at -> !at.isAfter(now)).orElse(false);
              boolean stopping = !state.stopping().isEmpty();
              if (entries.isEmpty()
                  && !timedOut
                  && !timers
                  && !stopping
                  && (stop == null || !running)) {
                return executions.unlock(pool, locked, me).map(locked);
              }
              StateMachineDefinition definition = definitions.of(locked);
              return taskTypes
                  .prepare(definition)
                  .compose(
                      types ->
                          steps.run(
                              () ->
                                  decide(
                                      locked,
                                      definition,
                                      types,
                                      state,
                                      entries,
                                      stop,
                                      timedOut,
                                      now)))
                  .compose(decided -> save(locked, me, decided, entries, now));
            });
  }

  /** The interpreter's step, on a thread of {@link StepThreads}. */
  private Decided decide(
      ExecutionRow locked,
      StateMachineDefinition definition,
      TaskTypes types,
      DeciderState state,
      List<ExecutionInboxStore.Entry> entries,
      Stop stop,
      boolean timedOut,
      Instant now) {
    Interpreter interpreter =
        new Interpreter(
            definition,
            locked.facts(),
            locked.status(),
            state,
            limits.events(locked.tenant(), locked.executionId(), locked.lastEventId(), now),
            now,
            types,
            random,
            limits);
    entries.forEach(e -> interpreter.taskReported(e.messageId(), e.outcome()));
    if (stop != null) {
      interpreter.end(ExecutionStatus.ABORTED, stop.error(), stop.cause());
    }
    if (timedOut) {
      interpreter.end(
          ExecutionStatus.TIMED_OUT,
          StatesError.TIMEOUT,
          "the execution ran longer than its TimeoutSeconds");
    }
    interpreter.fireTimers();
    return Decided.of(locked, interpreter.decision(), now);
  }

  private Future<ExecutionRow> save(
      ExecutionRow locked,
      String me,
      Decided decided,
      List<ExecutionInboxStore.Entry> applied,
      Instant now) {
    Decision decision = decided.decision();
    ExecutionRow after = decided.after();
    boolean ended = !locked.status().isFinal() && after.status().isFinal();
    Instant wakeAt = wakeAt(decision.state(), after, now);
    ExecutionStore.Update update =
        new ExecutionStore.Update(
            after.status(),
            after.output(),
            after.error(),
            after.cause(),
            after.stopDate(),
            after.deciderState(),
            after.lastEventId(),
            wakeAt);
    return Transactions.withRetry(
            pool,
            tx ->
                executions
                    .save(tx, locked, me, update)
                    .compose(
                        saved ->
                            saved
                                ? Future.succeededFuture()
                                : Future.failedFuture(new LostLockException(locked)))
                    .compose(v -> inbox.delete(tx, locked.tenant(), locked.executionId(), applied))
                    .compose(
                        v ->
                            writer.write(
                                tx, locked.facts(), decision, ended ? after.view() : null, now)))
        .map(
            scheduled -> {
              afterCommit.advanced(after, decision, scheduled, wakeAt);
              return after;
            });
  }

  /** The earliest of the runs' timers, the timeout, and the next try at stopping tasks. */
  static Instant wakeAt(DeciderState state, ExecutionRow row, Instant now) {
    return Stream.of(
            state.nextTimer().orElse(null),
            row.status() == ExecutionStatus.RUNNING ? row.timeoutAt() : null,
            state.stopping().isEmpty() ? null : now.plus(STOP_RETRY))
        .filter(at -> at != null)
        .min(Instant::compareTo)
        .orElse(null);
  }

  /** The lock was lost while the advance was computed: nothing of it was saved. */
  static final class LostLockException extends RuntimeException {
    LostLockException(ExecutionRow row) {
      super(
          "lost the lock of execution "
              + row.executionId()
              + " (version "
              + row.lockVersion()
              + ") before saving; another owner advances it");
    }
  }
}
