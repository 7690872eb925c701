package io.ordo.client.http;

import static io.ordo.client.http.HttpTaskManager.list;
import static io.ordo.client.http.HttpTaskManager.required;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.function.Consumer;

/** {@link StateMachineManager} over the HTTP API. */
final class HttpStateMachineManager implements StateMachineManager {
  private final Exchange exchange;

  HttpStateMachineManager(Exchange exchange) {
    this.exchange = exchange;
  }

  // ---- the calls

  private static Call<StateMachine> save(String name, Object definition) {
    required(definition, "definition");
    return Call.put(machine(name), Map.of("definition", definition), StateMachine::read);
  }

  private static Call<StateMachine> get(String name) {
    return Call.get(machine(name), StateMachine::read);
  }

  private static Call<List<StateMachine>> listMachines() {
    return Call.get("/state-machines", list(StateMachine::read))
        .query("limit", TaskManager.LIST_LIMIT);
  }

  /** Named, a start is answered the same however often it comes: safe to retry. */
  private static Call<Execution> start(String machineName, String executionName, Object input) {
    Map<String, Object> body = new HashMap<>();
    body.put("name", required(executionName, "executionName"));
    if (input != null) {
      Parameters.checkInput(input, "input");
      body.put("input", Json.tree(input));
    }
    return Call.post(machine(machineName) + "/executions", body, Execution::read).retryable();
  }

  private static Call<Execution> describe(String executionId) {
    return Call.get(execution(executionId), Execution::read);
  }

  private static Call<List<Execution>> executions(String machineName) {
    return Call.get(machine(machineName) + "/executions", list(Execution::read))
        .query("limit", TaskManager.LIST_LIMIT);
  }

  private static Call<ExecutionPage> allExecutions(ExecutionQuery query) {
    ExecutionQuery q = required(query, "query");
    return Call.get("/executions", ExecutionPage::read)
        .query("status", q.statuses().isEmpty() ? null : String.join(",", q.statuses()))
        .query("stateMachine", q.stateMachine())
        .query("since", q.since())
        .query("until", q.until())
        .query("limit", q.limit())
        .query("nextPageToken", q.nextPageToken());
  }

  /** Stopping an ended execution answers it as it is: safe to retry. */
  private static Call<Execution> stop(
      String executionId, String error, String cause, LockRetry lockRetry) {
    return stop(executionId, error, cause)
        .query("lockRetry", required(lockRetry, "lockRetry").apiName());
  }

  private static Call<Execution> stop(String executionId, String error, String cause) {
    Map<String, Object> body = new HashMap<>();
    if (error != null) {
      body.put("error", error);
    }
    if (cause != null) {
      body.put("cause", cause);
    }
    return Call.post(execution(executionId) + "/stop", body, Execution::read).retryable();
  }

  private static Call<HistoryPage> history(String executionId, HistoryQuery query) {
    return HttpTaskManager.historyCall(execution(executionId) + "/history", query);
  }

  private static String machine(String name) {
    return "/state-machines/" + Call.segment(required(name, "name"));
  }

  private static String execution(String executionId) {
    return "/executions/" + Call.segment(required(executionId, "executionId"));
  }

  private static Object definition(String definitionJson) {
    return Json.parse(required(definitionJson, "definition"), "the definition");
  }

  private static String newName() {
    return UUID.randomUUID().toString();
  }

  // ---- definitions

  @Override
  public StateMachine saveStateMachine(String name, String definitionJson) {
    return exchange.call(save(name, definition(definitionJson)));
  }

  @Override
  public CompletableFuture<StateMachine> saveStateMachineAsync(String name, String definitionJson) {
    return exchange.callAsync(() -> save(name, definition(definitionJson)));
  }

  @Override
  public StateMachine saveStateMachine(String name, Map<String, ?> definition) {
    return exchange.call(save(name, definition));
  }

  @Override
  public CompletableFuture<StateMachine> saveStateMachineAsync(
      String name, Map<String, ?> definition) {
    return exchange.callAsync(() -> save(name, definition));
  }

  @Override
  public StateMachine getStateMachine(String name) {
    return exchange.call(get(name));
  }

  @Override
  public CompletableFuture<StateMachine> getStateMachineAsync(String name) {
    return exchange.callAsync(() -> get(name));
  }

  @Override
  public List<StateMachine> listStateMachines() {
    return exchange.call(listMachines());
  }

  @Override
  public CompletableFuture<List<StateMachine>> listStateMachinesAsync() {
    return exchange.callAsync(HttpStateMachineManager::listMachines);
  }

  // ---- executions

  @Override
  public Execution startExecution(String stateMachineName, Object input) {
    return exchange.call(start(stateMachineName, newName(), input));
  }

  @Override
  public CompletableFuture<Execution> startExecutionAsync(String stateMachineName, Object input) {
    return exchange.callAsync(() -> start(stateMachineName, newName(), input));
  }

  @Override
  public Execution startExecution(String stateMachineName, String executionName, Object input) {
    return exchange.call(start(stateMachineName, executionName, input));
  }

  @Override
  public CompletableFuture<Execution> startExecutionAsync(
      String stateMachineName, String executionName, Object input) {
    return exchange.callAsync(() -> start(stateMachineName, executionName, input));
  }

  @Override
  public Execution describeExecution(String executionId) {
    return exchange.call(describe(executionId));
  }

  @Override
  public CompletableFuture<Execution> describeExecutionAsync(String executionId) {
    return exchange.callAsync(() -> describe(executionId));
  }

  @Override
  public List<Execution> listExecutions(String stateMachineName) {
    return exchange.call(executions(stateMachineName));
  }

  @Override
  public CompletableFuture<List<Execution>> listExecutionsAsync(String stateMachineName) {
    return exchange.callAsync(() -> executions(stateMachineName));
  }

  @Override
  public Execution stopExecution(String executionId, String error, String cause) {
    return exchange.call(stop(executionId, error, cause));
  }

  @Override
  public CompletableFuture<Execution> stopExecutionAsync(
      String executionId, String error, String cause) {
    return exchange.callAsync(() -> stop(executionId, error, cause));
  }

  @Override
  public Execution stopExecution(
      String executionId, String error, String cause, LockRetry lockRetry) {
    return exchange.call(stop(executionId, error, cause, lockRetry));
  }

  @Override
  public CompletableFuture<Execution> stopExecutionAsync(
      String executionId, String error, String cause, LockRetry lockRetry) {
    return exchange.callAsync(() -> stop(executionId, error, cause, lockRetry));
  }

  @Override
  public HistoryPage getExecutionHistory(String executionId, HistoryQuery query) {
    return exchange.call(history(executionId, query));
  }

  @Override
  public CompletableFuture<HistoryPage> getExecutionHistoryAsync(
      String executionId, HistoryQuery query) {
    return exchange.callAsync(() -> history(executionId, query));
  }

  @Override
  public HistoryFollow followExecutionHistory(
      String executionId, long afterEventId, Consumer<HistoryEvent> listener) {
    return HistoryTail.follow(
        exchange, execution(executionId) + "/history/stream", afterEventId, listener);
  }

  @Override
  public ExecutionPage executions(ExecutionQuery query) {
    return exchange.call(allExecutions(query));
  }

  @Override
  public CompletableFuture<ExecutionPage> executionsAsync(ExecutionQuery query) {
    return exchange.callAsync(() -> allExecutions(query));
  }
}
