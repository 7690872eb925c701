package io.ordo.client.http;

import io.ordo.client.http.exception.ExecutionExistsException;
import io.ordo.client.http.exception.InstanceLockedException;
import io.ordo.client.http.exception.InvalidDefinitionException;
import io.ordo.client.http.exception.NotFoundException;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.function.Consumer;

/**
 * Defines state machines (Amazon States Language) and runs them, over Ordo's HTTP API; names as in
 * Step Functions. Get one from {@link OrdoClient#stateMachines()}; it is thread-safe. Blocking and
 * {@code Async} forms and exceptions as in {@link TaskManager}.
 */
public interface StateMachineManager {
  /**
   * Creates or replaces a state machine. Executions already running keep the definition they
   * started with.
   *
   * @param name letters, digits, {@code _ . -}, at most 80
   * @param definitionJson the definition as JSON text
   * @return the stored state machine (revision 1 when created, + 1 at each replacement)
   * @throws InvalidDefinitionException the definition is invalid ({@code errors()} lists every
   *     problem with its path); nothing was stored
   * @throws IllegalArgumentException the text is blank, is not JSON, or has more after its JSON
   *     value (such as a second document); the message names the line and column; nothing is sent
   */
  StateMachine saveStateMachine(String name, String definitionJson);

  /** The async form of {@link #saveStateMachine(String, String)}. */
  CompletableFuture<StateMachine> saveStateMachineAsync(String name, String definitionJson);

  /**
   * Creates or replaces a state machine from a definition given as maps and lists.
   *
   * @throws InvalidDefinitionException the definition is invalid; nothing was stored
   */
  StateMachine saveStateMachine(String name, Map<String, ?> definition);

  /** The async form of {@link #saveStateMachine(String, Map)}. */
  CompletableFuture<StateMachine> saveStateMachineAsync(String name, Map<String, ?> definition);

  /**
   * A stored state machine with its definition.
   *
   * @throws NotFoundException there is no state machine of this name
   */
  StateMachine getStateMachine(String name);

  /** The async form of {@link #getStateMachine}. */
  CompletableFuture<StateMachine> getStateMachineAsync(String name);

  /** The tenant's state machines by name (without their definitions). */
  List<StateMachine> listStateMachines();

  /** The async form of {@link #listStateMachines}. */
  CompletableFuture<List<StateMachine>> listStateMachinesAsync();

  /**
   * Starts an execution with a name the client makes up (so that its own retries start one
   * execution).
   *
   * @param input any JSON value as plain Java (maps, lists, strings, numbers, booleans), nested at
   *     most 512 levels; null for {@code {}}
   * @throws IllegalArgumentException the input is not such a value (e.g. an {@code Instant}, an
   *     {@code Optional}, a bean), holds NaN, an infinity or a cycle, or nests deeper (the async
   *     form's future fails with it)
   * @throws NotFoundException there is no state machine of this name
   */
  Execution startExecution(String stateMachineName, Object input);

  /** The async form of {@link #startExecution(String, Object)}. */
  CompletableFuture<Execution> startExecutionAsync(String stateMachineName, Object input);

  /**
   * Starts a named execution. Starting again with the same name and input answers the existing
   * execution, so a repeat is safe.
   *
   * @param executionName unique per state machine: letters, digits, {@code _ . -}, at most 80
   * @throws ExecutionExistsException an execution of this name exists with another input
   * @throws NotFoundException there is no state machine of this name
   */
  Execution startExecution(String stateMachineName, String executionName, Object input);

  /** The async form of {@link #startExecution(String, String, Object)}. */
  CompletableFuture<Execution> startExecutionAsync(
      String stateMachineName, String executionName, Object input);

  /**
   * An execution's status, input, and output or error.
   *
   * @throws NotFoundException there is no execution with this id
   */
  Execution describeExecution(String executionId);

  /** The async form of {@link #describeExecution}. */
  CompletableFuture<Execution> describeExecutionAsync(String executionId);

  /**
   * A state machine's executions, newest first (without input and output), at most {@link
   * TaskManager#LIST_LIMIT}.
   *
   * @throws NotFoundException there is no state machine of this name
   */
  List<Execution> listExecutions(String stateMachineName);

  /** The async form of {@link #listExecutions}. */
  CompletableFuture<List<Execution>> listExecutionsAsync(String stateMachineName);

  /**
   * Aborts a running execution (ABORTED): its running tasks are released, its waiting ones removed.
   * An execution that has ended is answered as it is, so a repeat is safe.
   *
   * @param error the error name to record; null for none
   * @param cause the cause to record; null for none
   * @throws InstanceLockedException another queue service holds the execution's lock; try again
   *     after {@link InstanceLockedException#retryAfter()}
   * @throws NotFoundException there is no execution with this id
   */
  Execution stopExecution(String executionId, String error, String cause);

  /** The async form of {@link #stopExecution}. */
  CompletableFuture<Execution> stopExecutionAsync(String executionId, String error, String cause);

  /**
   * As {@link #stopExecution(String, String, String)}, choosing what the node does while another
   * queue service holds the execution's lock (instead of the node's configured action): with {@link
   * LockRetry#BASIC_RETRY} or {@link LockRetry#AGGRESSIVE_RETRY} it tries again until the lock is
   * free or its limit (30 s by default) passed, then answers {@code instance_locked}.
   *
   * @throws IllegalArgumentException {@code lockRetry} is null
   */
  Execution stopExecution(String executionId, String error, String cause, LockRetry lockRetry);

  /** The async form of {@link #stopExecution(String, String, String, LockRetry)}. */
  CompletableFuture<Execution> stopExecutionAsync(
      String executionId, String error, String cause, LockRetry lockRetry);

  /**
   * A page of an execution's history (Step Functions' event names).
   *
   * @throws NotFoundException there is no execution with this id
   */
  HistoryPage getExecutionHistory(String executionId, HistoryQuery query);

  /** The async form of {@link #getExecutionHistory}. */
  CompletableFuture<HistoryPage> getExecutionHistoryAsync(String executionId, HistoryQuery query);

  /**
   * Follows an execution's history live ({@code /executions/{executionId}/history/stream}), as
   * {@link TaskManager#followTaskHistory} does a task's: each event after {@code afterEventId}
   * once, in order, until the execution ended ({@link HistoryFollow#done()} completes) or the
   * follow is closed; {@link NotFoundException} when there is no such execution.
   *
   * @throws IllegalArgumentException no execution id or listener, or a negative {@code
   *     afterEventId}
   */
  HistoryFollow followExecutionHistory(
      String executionId, long afterEventId, Consumer<HistoryEvent> listener);

  /**
   * A page of the executions of every state machine, newest first: {@code
   * executions(ExecutionQuery.all().status("FAILED"))}; the next page with {@code
   * executions(query.next(page))}.
   */
  ExecutionPage executions(ExecutionQuery query);

  /** The async form of {@link #executions}. */
  CompletableFuture<ExecutionPage> executionsAsync(ExecutionQuery query);
}
