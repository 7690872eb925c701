package io.ordo.queue.statemachine;

import io.ordo.config.OrdoConfig.StateMachineOptions;
import io.ordo.history.HistoryEventType;
import io.ordo.queue.store.ExecutionInboxStore;
import io.ordo.statemachine.language.Catcher;
import io.ordo.statemachine.language.ErrorHandling;
import io.ordo.statemachine.language.FailState;
import io.ordo.statemachine.language.JsonValues;
import io.ordo.statemachine.language.MapState;
import io.ordo.statemachine.language.ParallelState;
import io.ordo.statemachine.language.ScheduledRetry;
import io.ordo.statemachine.language.State;
import io.ordo.statemachine.language.StateIo;
import io.ordo.statemachine.language.StateMachineDefinition;
import io.ordo.statemachine.language.StatesError;
import io.ordo.statemachine.language.StatesException;
import io.ordo.statemachine.language.StepWork;
import io.ordo.statemachine.language.TaskState;
import io.vertx.core.json.JsonObject;
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Optional;
import java.util.function.DoubleSupplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Moves an execution's runs through their states for one advance, with no I/O: enters states,
 * passes through those that need no waiting (Pass, Choice, Succeed, Fail), leaves the others
 * waiting (Task, Wait, Parallel, Map), applies Retry and Catch, and ends the execution. What it
 * decided — events, task messages to register or stop, the new state — is read from {@link
 * #decision()}.
 *
 * <p>It never recurses once per transition: entering a state only puts the entry on an agenda, and
 * each entry point works the agenda off in a loop, depth first (what a state leads to comes before
 * the branches and items queued beside it, as a recursive walk would take them). Java recursion
 * only goes as deep as the definition nests Parallel and Map states.
 *
 * <p>Bounds ({@link StateMachineOptions}): one advance enters at most {@code maxTransitionsPerStep}
 * states, over all branches and items; the history and the data are bounded in {@link
 * ExecutionEvents}. Past a bound the execution fails at once ({@link ExecutionLimitExceeded}),
 * whatever its Retry and Catch say, with its history closed properly.
 */
final class Interpreter {
  /** Rounds of timers one advance fires at most; later ones wait for the next advance. */
  static final int MAX_TIMER_ROUNDS = 10;

  private static final Logger LOG = LoggerFactory.getLogger(Interpreter.class);

  /** A state to enter, waiting on the agenda. */
  private record Entry(Run run, String name, Object input) {}

  private final StateMachineDefinition definition;
  private final ExecutionFacts facts;
  private final DeciderState state;
  private final ExecutionEvents events;
  private final Instant now;
  private final DoubleSupplier random;
  private final StateMachineOptions limits;
  private final TaskStates tasks;
  private final Branches branches;
  private final PlainStates plain;
  // what this advance's path reads and intrinsic functions may still do, over all its states
  private final StepWork stepWork;
  private final Deque<Entry> agenda = new ArrayDeque<>();
  private final List<Entry> queued = new ArrayList<>();
  private ExecutionStatus status;
  private Object output;
  private String error;
  private String cause;
  private int transitions;

  /**
   * @param status the execution's status before this advance
   * @param taskTypes the task type a Resource names, or null if no runner knows it
   * @param random the source of Retry jitter
   * @param limits the execution's bounds
   */
  Interpreter(
      StateMachineDefinition definition,
      ExecutionFacts facts,
      ExecutionStatus status,
      DeciderState state,
      ExecutionEvents events,
      Instant now,
      TaskTypes taskTypes,
      DoubleSupplier random,
      ExecutionLimits limits) {
    this.definition = definition;
    this.facts = facts;
    this.status = status;
    this.state = state;
    this.events = events;
    this.now = now;
    this.random = random;
    this.limits = limits.execution();
    this.stepWork = new StepWork(this.limits.maxStepWork());
    this.tasks = new TaskStates(this, taskTypes, limits.parameter());
    this.branches = new Branches(this);
    this.plain = new PlainStates(this);
  }

  /** Starts the execution: {@code ExecutionStarted}, then the StartAt state on its input. */
  void start(Integer timeoutSeconds) {
    bounded(
        () -> {
          events.add(
              HistoryEventType.ExecutionStarted,
              new JsonObject()
                  .put("input", StepWork.copyOf(facts.input()))
                  .put("name", facts.name())
                  .put("stateMachine", facts.stateMachine())
                  .put("timeoutSeconds", timeoutSeconds));
          enter(state.newRun(null, 0), definition.startAt(), StepWork.copyOf(facts.input()));
        });
  }

  /**
   * A task message the execution scheduled has started, ended, or both ({@code entry} from the
   * decider inbox).
   */
  void taskReported(String messageId, JsonObject entry) {
    bounded(
        () -> {
          boolean onlyStarted = ExecutionInboxStore.STARTED.equals(entry.getString("type"));
          JsonObject started = onlyStarted ? entry : entry.getJsonObject("started");
          if (started != null) {
            tasks.started(messageId, started);
          }
          if (!onlyStarted) {
            tasks.ended(messageId, entry);
          }
        });
  }

  /**
   * Fires the Wait and Retry timers due now, and those that become due by firing them (a Wait of 0
   * seconds after a fired one), a bounded number of rounds.
   */
  void fireTimers() {
    for (int round = 0; round < MAX_TIMER_ROUNDS && running(); round++) {
      List<Run> due = state.dueTimers(now);
      if (due.isEmpty()) {
        return;
      }
      due.forEach(run -> bounded(() -> fire(run)));
    }
  }

  private void fire(Run run) {
    if (!running() || !state.isActive(run) || run.timerAt == null || run.timerAt.isAfter(now)) {
      return;
    }
    State current = stateOf(run);
    if (run.wait == Run.Wait.TIMER) {
      plain.timerFired(run, current);
    } else {
      run.restart();
      work(run, current);
    }
  }

  /** Ends a running execution from outside: stopped (ABORTED) or past its TimeoutSeconds. */
  void end(ExecutionStatus how, String endError, String endCause) {
    if (!running()) {
      return;
    }
    agenda.clear();
    queued.clear();
    events.closing();
    abortAll();
    finish(how, null, endError, endCause);
  }

  Decision decision() {
    return new Decision(status, output, error, cause, tasks.requests(), state, events);
  }

  // ---- moving runs (package-private for TaskStates and Branches) ----

  /**
   * Enters a state with its raw input and does what it does: once the caller's own work is done
   * (the entry waits on the agenda, before what was queued earlier).
   */
  void enter(Run run, String name, Object input) {
    queued.add(new Entry(run, name, input));
  }

  private void enterNow(Run run, String name, Object input) {
    if (!running() || !state.isActive(run)) {
      return;
    }
    if (++transitions > limits.maxTransitionsPerStep()) {
      throw new ExecutionLimitExceeded(
          StatesError.RUNTIME,
          "more than "
              + limits.maxTransitionsPerStep()
              + " state transitions in one step (state-machines.max-transitions-per-step): do"
              + " states loop without a Task or Wait?");
    }
    State entered = definition.findState(name).orElseThrow();
    run.enter(name, input, now);
    events.add(
        Names.entered(entered),
        new JsonObject().put("name", name).put("input", StepWork.copyOf(input)));
    if (entered instanceof FailState fail) {
      plain.fail(run, fail);
      return;
    }
    work(run, entered);
  }

  /** Leaves a state with its output: to its Next, or to the end of the run. */
  void exit(Run run, State current, Object out) {
    events.add(
        Names.exited(current),
        new JsonObject().put("name", current.name()).put("output", StepWork.copyOf(out)));
    Optional<String> next = Names.next(current);
    if (next.isPresent()) {
      enter(run, next.get(), out);
    } else {
      finishRun(run, out);
    }
  }

  /**
   * The run's current state failed: Retry, else Catch, else the run fails.
   *
   * @param failure the attributes of the event that recorded the failure, to note how it was
   *     handled; null if there was none
   */
  void failed(Run run, String failedWith, String failureCause, JsonObject failure) {
    if (!running() || !state.isActive(run)) {
      return;
    }
    State current = stateOf(run);
    ErrorHandling handling = Names.errorHandling(current);
    String name = failedWith == null ? StatesError.TASK_FAILED : failedWith;
    Optional<ScheduledRetry> retry = handling.retryPolicy().nextRetry(name, run.retries, random);
    if (retry.isPresent()) {
      ScheduledRetry next = retry.get();
      run.countRetry(next.retrierIndex());
      run.clearWait();
      run.awaitTimer(Run.Wait.RETRY, now.plus(next.delay()));
      note(
          failure,
          "retry",
          new JsonObject()
              .put("retrier", next.retrierIndex())
              .put("retryNumber", next.retryNumber())
              .put("delayMillis", next.delay().toMillis())
              .put("at", run.timerAt.toString()));
      return;
    }
    Optional<Catcher> catcher = handling.catcherFor(name);
    if (catcher.isEmpty()) {
      failRun(run, failedWith, failureCause);
      return;
    }
    Object out;
    try {
      out = StateIo.catcherOutput(catcher.get(), run.input, failedWith, failureCause);
    } catch (StatesException e) {
      failRun(run, e.error(), e.getMessage());
      return;
    }
    note(failure, "caughtBy", catcher.get().next());
    run.clearWait();
    events.add(
        Names.exited(current),
        new JsonObject()
            .put("name", current.name())
            .put("output", StepWork.copyOf(out))
            .put("error", failedWith));
    enter(run, catcher.get().next(), out);
  }

  /** Aborts a run and everything under it: stops its task, drops its timer, aborts its branches. */
  void abort(Run run) {
    if (!state.isActive(run)) {
      return;
    }
    state.remove(run);
    if (run.state == null) {
      return; // created but not yet entered
    }
    State current = stateOf(run);
    switch (run.wait) {
      case TASK -> tasks.stop(run.messageId);
      case CHILDREN -> branches.abortChildren(run);
      default -> {}
    }
    if (run.wait != Run.Wait.NONE) {
      events.add(Names.aborted(current), new JsonObject().put("name", current.name()));
    }
  }

  boolean running() {
    return status == ExecutionStatus.RUNNING;
  }

  DeciderState state() {
    return state;
  }

  ExecutionEvents events() {
    return events;
  }

  Instant now() {
    return now;
  }

  State stateOf(Run run) {
    return definition.findState(run.state).orElseThrow();
  }

  /**
   * The context object ({@code $$}) for a run's current state. As in Step Functions, {@code
   * State.RetryCount} is there only for the states that can retry (Task, Parallel, Map).
   */
  JsonObject context(Run run) {
    JsonObject current =
        new JsonObject()
            .put("Name", run.state)
            .put(
                "EnteredTime",
                run.enteredAt == null ? null : ExecutionFacts.timestamp(run.enteredAt));
    State state = run.state == null ? null : definition.findState(run.state).orElse(null);
    if (state instanceof TaskState || state instanceof ParallelState || state instanceof MapState) {
      current.put("RetryCount", run.retryCount());
    }
    return facts.context().put("State", current);
  }

  // ---- internals ----

  /**
   * Does one piece of an advance, then works off the agenda; past a bound, the execution fails (a
   * bound is never caught by Retry or Catch).
   */
  private void bounded(Runnable action) {
    try {
      stepWork.during(
          () -> {
            action.run();
            while (!queued.isEmpty() || !agenda.isEmpty()) {
              for (int i = queued.size() - 1; i >= 0; i--) {
                agenda.push(queued.get(i));
              }
              queued.clear();
              Entry next = agenda.poll();
              if (next != null) {
                enterNow(next.run(), next.name(), next.input());
              }
            }
          });
    } catch (ExecutionLimitExceeded e) {
      agenda.clear();
      queued.clear();
      fail(e.error(), e.getMessage());
    } catch (StatesException e) {
      // the step's work ran out outside a state's own evaluation (copying a branch's input,
      // measuring an event): the execution fails as past any bound
      agenda.clear();
      queued.clear();
      fail(e.error(), e.getMessage());
    } catch (RuntimeException | StackOverflowError fault) {
      // A fault of Ordo's, not of the definition or the data: without this the decider would retry
      // the advance forever and the execution would stay RUNNING, not even stoppable.
      LOG.error("Execution {} failed on a fault of the interpreter", facts.executionId(), fault);
      agenda.clear();
      queued.clear();
      fail(
          StatesError.RUNTIME,
          "Ordo could not evaluate this execution ("
              + fault.getClass().getSimpleName()
              + "); the node's log has the details");
    }
  }

  /** Does a state's work: immediate states move on, the others start what they wait for. */
  private void work(Run run, State current) {
    if (current instanceof TaskState task) {
      tasks.schedule(run, task);
    } else if (current instanceof ParallelState parallel) {
      branches.startParallel(run, parallel);
    } else if (current instanceof MapState map) {
      branches.startMap(run, map);
    } else {
      plain.work(run, current);
    }
  }

  private void finishRun(Run run, Object out) {
    state.remove(run);
    if (run.parent == null) {
      finish(ExecutionStatus.SUCCEEDED, out, null, null);
    } else {
      branches.childSucceeded(run, out);
    }
  }

  /** A run ends with an error: the execution fails, or the state that started the run. */
  void failRun(Run run, String runError, String runCause) {
    state.remove(run);
    if (run.parent == null) {
      fail(runError, runCause);
    } else {
      branches.childFailed(run, runError, runCause);
    }
  }

  /** Fails the execution: whatever still runs is aborted first. */
  private void fail(String failError, String failCause) {
    if (running()) {
      events.closing();
      abortAll();
      finish(ExecutionStatus.FAILED, null, failError, failCause);
    }
  }

  /** Aborts every run: the top level with what it waits for, then anything left over. */
  private void abortAll() {
    state.root().ifPresent(this::abort);
    state.runs().forEach(this::abort);
  }

  private void finish(ExecutionStatus how, Object out, String endError, String endCause) {
    events.closing();
    status = how;
    output = out;
    error = endError;
    cause = endCause;
    JsonObject attributes =
        how == ExecutionStatus.SUCCEEDED
            ? new JsonObject().put("output", JsonValues.copy(out)) // an end never runs out
            : new JsonObject().put("error", endError).put("cause", endCause);
    events.add(Names.executionEnded(how), attributes);
  }

  private static void note(JsonObject failure, String key, Object value) {
    if (failure != null) {
      failure.put(key, value);
    }
  }
}
