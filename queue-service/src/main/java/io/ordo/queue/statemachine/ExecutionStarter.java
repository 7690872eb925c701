package io.ordo.queue.statemachine;

import io.ordo.ErrorCode;
import io.ordo.TaskControlException;
import io.ordo.db.Transactions;
import io.ordo.history.HistoryStore;
import io.ordo.model.MessageIds;
import io.ordo.statemachine.language.InvalidDefinitionException;
import io.ordo.statemachine.language.StateMachineDefinition;
import io.vertx.core.Future;
import io.vertx.core.json.JsonObject;
import io.vertx.sqlclient.Pool;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Objects;
import java.util.function.DoubleSupplier;
import java.util.function.Function;

/**
 * Starts executions: the execution row, its history (opened with {@code ExecutionStarted}) and its
 * first advance — up to the first states that wait, with their task messages — in one transaction.
 * A name is unique per state machine: starting again with the same name and the same input answers
 * the existing execution (a safe retry); with another input, 409 {@code execution_exists}.
 */
final class ExecutionStarter {
  private final Pool pool;
  private final Clock clock;
  private final StateMachines stateMachines;
  private final Function<String, Future<Void>> parallelQueue;
  private final TaskTypeLookup taskTypes;
  private final DecisionWriter writer;
  private final AfterCommit afterCommit;
  private final DoubleSupplier random;
  private final ExecutionLimits limits;
  private final StepThreads steps;
  private final ExecutionStore executions = new ExecutionStore();
  private final HistoryStore history = new HistoryStore();

  /** What a start answered: the execution, and whether this request created it. */
  record Started(ExecutionRow execution, boolean created) {}

  /**
   * @param parallelQueue makes sure a tenant's parallel queue exists
   * @param limits the bounds of every execution (its input is refused past them)
   * @param steps where the interpreter runs
   */
  ExecutionStarter(
      Pool pool,
      Clock clock,
      StateMachines stateMachines,
      Function<String, Future<Void>> parallelQueue,
      TaskTypeLookup taskTypes,
      DecisionWriter writer,
      AfterCommit afterCommit,
      DoubleSupplier random,
      ExecutionLimits limits,
      StepThreads steps) {
    this.pool = pool;
    this.clock = clock;
    this.stateMachines = stateMachines;
    this.parallelQueue = parallelQueue;
    this.taskTypes = taskTypes;
    this.writer = writer;
    this.afterCommit = afterCommit;
    this.random = random;
    this.limits = limits;
    this.steps = steps;
  }

  /**
   * Refuses an input that the first event could not hold.
   *
   * @throws TaskControlException 400 invalid_request or 413 payload_too_large
   */
  void checkInput(Object input) {
    limits.checkInput(input);
  }

  /**
   * @param name the execution's name, or null for its id
   * @param input the execution's input
   */
  Future<Started> start(String tenant, String stateMachine, String name, Object input) {
    try {
      checkInput(input);
    } catch (TaskControlException refused) {
      return Future.failedFuture(refused);
    }
    String executionId = MessageIds.next().toString();
    String executionName = name == null ? executionId : name;
    return stateMachines
        .find(tenant, stateMachine)
        .compose(
            stored ->
                parallelQueue
                    .apply(tenant)
                    .compose(v -> prepare(stored.definition()))
                    .compose(
                        prepared ->
                            insert(tenant, executionId, executionName, input, stored, prepared)))
        .recover(
            error ->
                error instanceof NameTaken
                    ? existing(tenant, stateMachine, executionName, input)
                    : Future.failedFuture(error));
  }

  private record Prepared(StateMachineDefinition definition, TaskTypes types) {}

  private Future<Prepared> prepare(JsonObject definition) {
    StateMachineDefinition parsed;
    try {
      parsed = StateMachineDefinition.parse(definition);
    } catch (InvalidDefinitionException e) {
      return Future.failedFuture(StateMachines.storedInvalid(e.errors()));
    }
    return taskTypes.prepare(parsed).map(types -> new Prepared(parsed, types));
  }

  private Future<Started> insert(
      String tenant,
      String executionId,
      String name,
      Object input,
      StateMachineStore.Stored stored,
      Prepared prepared) {
    Instant now = clock.instant();
    ExecutionFacts facts = new ExecutionFacts(tenant, executionId, name, stored.name(), input, now);
    Integer timeoutSeconds =
        prepared.definition().timeoutSeconds().isPresent()
            ? prepared.definition().timeoutSeconds().getAsInt()
            : null;
    ExecutionRow before =
        new ExecutionRow(
            tenant,
            executionId,
            stored.name(),
            name,
            stored.definition(),
            stored.revision(),
            ExecutionStatus.RUNNING,
            input,
            null,
            null,
            null,
            now,
            null,
            new DeciderState().toJson(),
            0,
            timeoutSeconds == null ? null : now.plus(Duration.ofSeconds(timeoutSeconds)),
            0);
    return steps
        .run(
            () -> {
              Interpreter interpreter =
                  new Interpreter(
                      prepared.definition(),
                      facts,
                      ExecutionStatus.RUNNING,
                      new DeciderState(),
                      limits.events(tenant, executionId, 0, now),
                      now,
                      prepared.types(),
                      random,
                      limits);
              interpreter.start(timeoutSeconds);
              interpreter.fireTimers(); // a Wait whose time has already come
              return Decided.of(before, interpreter.decision(), now);
            })
        .compose(decided -> save(before, facts, decided, now));
  }

  private Future<Started> save(
      ExecutionRow before, ExecutionFacts facts, Decided decided, Instant now) {
    Decision decision = decided.decision();
    ExecutionRow after = decided.after();
    HistoryStore.Opening opening =
        new HistoryStore.Opening(before.tenant(), before.executionId(), now, before.view());
    Instant wakeAt = ExecutionAdvancer.wakeAt(decision.state(), after, now);
    return Transactions.withRetry(
            pool,
            tx ->
                executions
                    .insert(tx, after, wakeAt)
                    .compose(
                        inserted ->
                            inserted
                                ? history.open(
                                    tx, List.of(opening), List.of(decision.events().lastEventId()))
                                : Future.failedFuture(new NameTaken()))
                    .compose(
                        v ->
                            writer.write(
                                tx,
                                facts,
                                decision,
                                after.status().isFinal() ? after.view() : null,
                                now)))
        .map(
            scheduled -> {
              afterCommit.advanced(after, decision, scheduled, wakeAt);
              return new Started(after, true);
            });
  }

  private Future<Started> existing(String tenant, String stateMachine, String name, Object input) {
    return executions
        .findByName(pool, tenant, stateMachine, name)
        .map(
            found -> {
              ExecutionRow execution = found.orElseThrow(NameTaken::new);
              if (!Objects.equals(execution.input(), input)) {
                throw new TaskControlException(
                    ErrorCode.EXECUTION_EXISTS,
                    "state machine '"
                        + stateMachine
                        + "' already has an execution named '"
                        + name
                        + "' with another input",
                    new JsonObject().put("executionId", execution.executionId()).put("name", name));
              }
              return new Started(execution, false);
            });
  }

  /** The name is taken in the state machine (the insert changed nothing). */
  private static final class NameTaken extends RuntimeException {
    NameTaken() {
      super("execution name taken", null, false, false);
    }
  }
}
