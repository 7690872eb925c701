package io.ordo.client.http;

import java.time.Duration;
import java.time.ZoneId;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * What a recurring schedule fires and when: a cron expression or a fixed interval, and a task
 * message (as a {@link TaskRegistration}) or a state-machine execution. Immutable; built with
 * {@link #cron} or {@link #every}, which check every value when it is given (the cron expression
 * itself is checked by the server).
 *
 * <pre>{@code
 * ScheduleSpec nightly =
 *     ScheduleSpec.cron("30 2 * * *")
 *         .timeZone(ZoneId.of("Europe/Berlin"))
 *         .serialTask("com.example.reports", TaskRegistration.of("Report", Map.of("kind", "daily")))
 *         .build();
 * }</pre>
 */
public final class ScheduleSpec {
  /** The registration members a schedule's task message may carry. */
  private static final Set<String> TEMPLATE_MEMBERS =
      Set.of("taskClassName", "jsPath", "parameter", "timeouts", "retry", "stopProgressOnError");

  private final Map<String, Object> body;

  private ScheduleSpec(Map<String, Object> body) {
    this.body = Collections.unmodifiableMap(body);
  }

  /**
   * Starts a schedule that fires by a cron expression: 5 fields (minute hour day-of-month month
   * day-of-week, Unix) or 6 (seconds first, Spring's flavour), read in {@link Builder#timeZone}.
   *
   * @throws IllegalArgumentException the expression is null, blank or longer than 256 characters
   */
  public static Builder cron(String expression) {
    if (expression == null || expression.isBlank() || expression.length() > 256) {
      throw new IllegalArgumentException("cron must be 1 to 256 characters");
    }
    return new Builder("cron", expression);
  }

  /**
   * Starts a schedule that fires every {@code interval}, aligned on the Unix epoch (an hour fires
   * on the UTC hour).
   *
   * @throws IllegalArgumentException not whole seconds from 1 s to one year
   */
  public static Builder every(Duration interval) {
    return new Builder("intervalSeconds", seconds(interval, "interval"));
  }

  /** The API's request body. */
  Map<String, Object> toBody() {
    return body;
  }

  @Override
  public String toString() {
    return "ScheduleSpec" + body;
  }

  private static long seconds(Duration duration, String name) {
    long seconds = Objects.requireNonNull(duration, name).getSeconds();
    if (duration.getNano() != 0 || seconds < 1 || seconds > TaskRegistration.MAX_TIMEOUT_SECONDS) {
      throw new IllegalArgumentException(
          name + " must be whole seconds from 1 to " + TaskRegistration.MAX_TIMEOUT_SECONDS);
    }
    return seconds;
  }

  /** Builds a {@link ScheduleSpec}; exactly one of the task setters must be called. */
  public static final class Builder {
    private final Map<String, Object> body = new LinkedHashMap<>();

    private Builder(String when, Object value) {
      body.put(when, value);
    }

    /** The time zone a cron expression is read in (default UTC). */
    public Builder timeZone(ZoneId zone) {
      body.put("timeZone", Objects.requireNonNull(zone, "zone").getId());
      return this;
    }

    /**
     * Each fire registers this task message in the parallel queue.
     *
     * @param task the task type or script, parameter, timeouts and retry policy
     * @throws IllegalArgumentException the registration sets what a schedule cannot repeat: an
     *     idempotency key (each fire has its own), a sent time, a context, a trace parent or a
     *     delay
     */
    public Builder parallelTask(TaskRegistration task) {
      return task(template("parallel", null, task, false));
    }

    /**
     * Each fire registers this task message in a serial queue (looked up when it fires; a missing
     * queue makes the fire a skip with reason {@code REFUSED}).
     *
     * @param task the task type or script, parameter, timeouts, retry policy and {@link
     *     TaskRegistration#stopProgressOnError()}
     * @throws IllegalArgumentException a blank queue id, or a registration that sets what a
     *     schedule cannot repeat (see {@link #parallelTask})
     */
    public Builder serialTask(String queueId, TaskRegistration task) {
      return task(template("serial", HttpTaskManager.required(queueId, "queueId"), task, true));
    }

    /**
     * Each fire starts an execution of this state machine (which must exist), named {@code
     * <scheduleId>-<slot in epoch ms>}.
     *
     * @param input any JSON value as plain Java (maps, lists, strings, numbers, booleans), nested
     *     at most 512 levels; null for {@code {}}
     * @throws IllegalArgumentException the input is not such a value (e.g. an {@code Instant}, an
     *     {@code Optional}, a bean), holds NaN, an infinity or a cycle, or nests deeper
     */
    public Builder execution(String stateMachine, Object input) {
      Map<String, Object> task = new LinkedHashMap<>();
      task.put("stateMachine", HttpTaskManager.required(stateMachine, "stateMachine"));
      if (input != null) {
        Parameters.checkInput(input, "input");
        task.put("input", Json.tree(input));
      }
      return task(task);
    }

    /**
     * What a slot does while the previous run has not ended (default {@link OverlapPolicy#SKIP}).
     */
    public Builder overlapPolicy(OverlapPolicy policy) {
      body.put("overlapPolicy", Objects.requireNonNull(policy, "policy").name());
      return this;
    }

    /**
     * How late a slot may still fire, e.g. after downtime (default 5 minutes).
     *
     * @throws IllegalArgumentException not whole seconds from 1 s to one year
     */
    public Builder catchupWindow(Duration window) {
      body.put("catchupWindowSeconds", seconds(window, "catchupWindow"));
      return this;
    }

    /**
     * The spec.
     *
     * @throws IllegalStateException no task was given
     */
    public ScheduleSpec build() {
      if (!body.containsKey("task")) {
        throw new IllegalStateException(
            "a schedule needs a task: parallelTask, serialTask or execution");
      }
      return new ScheduleSpec(new LinkedHashMap<>(body));
    }

    private Builder task(Map<String, Object> task) {
      body.put("task", task);
      return this;
    }

    private static Map<String, Object> template(
        String queue, String queueId, TaskRegistration registration, boolean serial) {
      Objects.requireNonNull(registration, "task");
      Map<String, Object> registered = registration.toBody(serial);
      if (registration.idempotencyKey() != null
          || registration.traceparent() != null
          || !TEMPLATE_MEMBERS.containsAll(registered.keySet())) {
        throw new IllegalArgumentException(
            "a schedule's task takes a task type or script, parameter, timeouts, retry and"
                + " stopProgressOnError; not an idempotency key, sent time, context, trace"
                + " parent or delay");
      }
      Map<String, Object> task = new LinkedHashMap<>();
      task.put("queue", queue);
      if (queueId != null) {
        task.put("queueId", queueId);
      }
      task.putAll(registered);
      return task;
    }
  }
}
