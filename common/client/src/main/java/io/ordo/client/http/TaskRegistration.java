package io.ordo.client.http;

import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;

/**
 * A task message to register, with the options beyond the seed's {@code (taskClassName,
 * parameter)}: sent time, timeouts, idempotency key, registration context, the caller's trace
 * ({@code traceparent}), a delay and a retry policy. Immutable; built with {@link #builder} (a Java
 * task) or {@link #scriptBuilder} (a JavaScript task, by its {@code jsPath}), which check every
 * value when it is given.
 *
 * <pre>{@code
 * TaskRegistration invoice =
 *     TaskRegistration.builder("com.example.SendInvoice")
 *         .parameter(Map.of("invoice", 42))
 *         .idempotencyKey("invoice-42")
 *         .timeout(TimeoutType.START_TO_CLOSE, Duration.ofMinutes(5))
 *         .build();
 * }</pre>
 */
public final class TaskRegistration {
  /** The longest idempotency key the API accepts, in characters (Unicode code points). */
  public static final int MAX_IDEMPOTENCY_KEY_LENGTH = 255;

  /** The longest timeout: one year, in seconds. */
  public static final long MAX_TIMEOUT_SECONDS = 31_536_000L;

  private final Map<String, Object> body;
  private final String idempotencyKey;
  private final String traceparent;
  private final boolean stopProgressOnError;

  private TaskRegistration(Builder builder) {
    this.body = Collections.unmodifiableMap(new LinkedHashMap<>(builder.body()));
    this.idempotencyKey = builder.idempotencyKey;
    this.traceparent = builder.traceparent;
    this.stopProgressOnError = builder.stopProgressOnError;
  }

  /**
   * Starts a registration.
   *
   * @param taskClassName the task type's class name or one of its aliases
   * @throws IllegalArgumentException the name is null or blank
   */
  public static Builder builder(String taskClassName) {
    return new Builder(taskClassName);
  }

  /**
   * Starts the registration of a JavaScript task (the seed's server-side JavaScript).
   *
   * @param jsPath the script, relative to the node's scripts directory (e.g. {@code
   *     billing/invoice.js}); the server refuses a path outside it or a script that does not
   *     compile
   * @throws IllegalArgumentException the path is null or blank
   */
  public static Builder scriptBuilder(String jsPath) {
    return new Builder("jsPath", jsPath);
  }

  /**
   * The seed's JavaScript registration: a script and its parameter, nothing else.
   *
   * @throws IllegalArgumentException a blank path, or a parameter outside the seed's type table
   */
  public static TaskRegistration script(String jsPath, Map<String, ?> parameter) {
    return scriptBuilder(jsPath).parameter(parameter).build();
  }

  /**
   * The seed's registration: a task and its parameter, nothing else.
   *
   * @throws IllegalArgumentException a blank name, or a parameter outside the seed's type table
   */
  public static TaskRegistration of(String taskClassName, Map<String, ?> parameter) {
    return builder(taskClassName).parameter(parameter).build();
  }

  /** The task type's class name or alias; null for a JavaScript task. */
  public String taskClassName() {
    return (String) body.get("taskClassName");
  }

  /** The JavaScript task's script; null for a Java task. */
  public String jsPath() {
    return (String) body.get("jsPath");
  }

  /** Serial queues only: whether an exception in the task deactivates the queue. */
  public boolean stopProgressOnError() {
    return stopProgressOnError;
  }

  /** The caller's idempotency key, or null (the client then makes one up for its own retries). */
  public String idempotencyKey() {
    return idempotencyKey;
  }

  /** The W3C {@code traceparent} sent with the registration, or null. */
  public String traceparent() {
    return traceparent;
  }

  /** The API's registration body; {@code stopProgressOnError} only for a serial queue. */
  Map<String, Object> toBody(boolean serial) {
    Map<String, Object> json = new LinkedHashMap<>(body);
    if (serial) {
      json.put("stopProgressOnError", stopProgressOnError);
    }
    return json;
  }

  @Override
  public String toString() {
    return "TaskRegistration" + body;
  }

  /** Builds a {@link TaskRegistration}; each setter refuses an invalid value at once. */
  public static final class Builder {
    private final String taskMember;
    private final String task;
    private Map<String, ?> parameter;
    private Instant sentTime;
    private final Map<String, Object> timeouts = new LinkedHashMap<>();
    private final Map<String, Object> context = new LinkedHashMap<>();
    private String idempotencyKey;
    private String traceparent;
    private boolean stopProgressOnError;
    private Object delaySeconds;
    private Instant notBefore;
    private Map<String, Object> retry;

    private Builder(String taskClassName) {
      this("taskClassName", taskClassName);
    }

    /** {@code member} is {@code taskClassName} or {@code jsPath}, {@code task} its value. */
    private Builder(String member, String task) {
      if (task == null || task.isBlank()) {
        throw new IllegalArgumentException(
            member + (member.equals("jsPath") ? " must name a script" : " must name a task type"));
      }
      this.taskMember = member;
      this.task = task;
    }

    /**
     * The task's parameter: {@code Boolean, Byte, Short, Integer, Long, Float, Double, String},
     * {@code List} and {@code Map} (String keys), {@code null}, nested at most {@value
     * Parameters#MAX_PARAMETER_DEPTH} levels (the node's own bound, 64 by default, is checked by
     * the node).
     *
     * @throws IllegalArgumentException a null key, another type, NaN or an infinity, a reference
     *     cycle, or nesting deeper than {@value Parameters#MAX_PARAMETER_DEPTH} levels
     */
    public Builder parameter(Map<String, ?> parameter) {
      Parameters.check(parameter, "parameter");
      this.parameter = parameter;
      return this;
    }

    /** Serial queues only: whether an exception in the task deactivates the queue. */
    public Builder stopProgressOnError(boolean stop) {
      this.stopProgressOnError = stop;
      return this;
    }

    /** When the caller sent the message (default: when Ordo received the request). */
    public Builder sentTime(Instant sentTime) {
      this.sentTime = Objects.requireNonNull(sentTime, "sentTime");
      return this;
    }

    /**
     * A timeout of the message, overriding the task type's default.
     *
     * @param limit whole seconds from 1 s to one year; null for no limit ({@code NONE})
     * @throws IllegalArgumentException the limit is out of range or not whole seconds
     */
    public Builder timeout(TimeoutType type, Duration limit) {
      Objects.requireNonNull(type, "type");
      if (limit == null) {
        timeouts.put(type.jsonName(), "NONE");
        return this;
      }
      long seconds = limit.getSeconds();
      if (limit.getNano() != 0 || seconds < 1 || seconds > MAX_TIMEOUT_SECONDS) {
        throw new IllegalArgumentException(
            type.jsonName() + " must be whole seconds from 1 to " + MAX_TIMEOUT_SECONDS);
      }
      timeouts.put(type.jsonName(), seconds);
      return this;
    }

    /**
     * Makes repeats safe: registrations of the tenant with the same key (kept at least 24 h) create
     * one message and all answer with it. Without one, the client makes one up per call, so that
     * its own retries are safe. Any text: the key is sent in the request body ({@code
     * idempotencyKey}), not as a header, which could carry only ASCII.
     *
     * @throws IllegalArgumentException the key is empty or longer than 255 characters (Unicode code
     *     points, as the API counts them: an emoji is one, though a Java string holds it in two
     *     chars)
     */
    public Builder idempotencyKey(String key) {
      if (key == null
          || key.isEmpty()
          || key.codePointCount(0, key.length()) > MAX_IDEMPOTENCY_KEY_LENGTH) {
        throw new IllegalArgumentException(
            "idempotencyKey must be 1 to " + MAX_IDEMPOTENCY_KEY_LENGTH + " characters");
      }
      this.idempotencyKey = key;
      return this;
    }

    /**
     * The caller's W3C Trace Context, sent as the {@code traceparent} header: its trace id is
     * stored in the registration context, which the task reads ({@code TaskContext.traceId()}). A
     * value that W3C Trace Context calls invalid is ignored by the node, as the recommendation
     * asks.
     *
     * @param traceparent e.g. {@code 00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01}
     * @throws IllegalArgumentException null, empty, longer than 512 characters, or with a character
     *     other than visible ASCII (which a header cannot carry)
     */
    public Builder traceparent(String traceparent) {
      this.traceparent = Exchange.headerValue("traceparent", traceparent, 512);
      return this;
    }

    /** The locale of the registration context, which the task reads. */
    public Builder locale(Locale locale) {
      context.put("locale", Objects.requireNonNull(locale, "locale").toLanguageTag());
      return this;
    }

    /** The time zone of the registration context. */
    public Builder timeZone(ZoneId zone) {
      context.put("timeZone", Objects.requireNonNull(zone, "zone").getId());
      return this;
    }

    /**
     * Free attributes of the registration context, under the parameter's type rules.
     *
     * @throws IllegalArgumentException a null key, another type, or a reference cycle
     */
    public Builder attributes(Map<String, ?> attributes) {
      Objects.requireNonNull(attributes, "attributes");
      Parameters.check(attributes, "attributes");
      context.put("attributes", Json.tree(attributes));
      return this;
    }

    /**
     * Not run before this long after Ordo receives it (replaces a {@link #notBefore}). In a serial
     * queue a delayed message holds the messages behind it.
     *
     * @throws IllegalArgumentException not whole seconds from 0 to one year
     */
    public Builder delay(Duration delay) {
      long seconds = Objects.requireNonNull(delay, "delay").getSeconds();
      if (delay.getNano() != 0 || seconds < 0 || seconds > MAX_TIMEOUT_SECONDS) {
        throw new IllegalArgumentException(
            "delay must be whole seconds from 0 to " + MAX_TIMEOUT_SECONDS);
      }
      this.delaySeconds = seconds;
      this.notBefore = null;
      return this;
    }

    /** Not run before this instant (at most a year ahead; replaces a {@link #delay}). */
    public Builder notBefore(Instant notBefore) {
      this.notBefore = Objects.requireNonNull(notBefore, "notBefore");
      this.delaySeconds = null;
      return this;
    }

    /**
     * How a failed run is retried (Temporal's names; replaces the task type's default policy). The
     * n-th failure waits {@code initialInterval × backoffCoefficient^(n-1)}, at most {@code
     * maximumInterval}.
     *
     * @param maximumAttempts runs that may fail, the first included (1: no retry; 0: no limit)
     * @param maximumInterval the longest wait; null for 100 times the initial interval
     * @param nonRetryableErrors exception class names that end the message at once
     * @throws IllegalArgumentException a value out of range
     */
    public Builder retry(
        int maximumAttempts,
        Duration initialInterval,
        double backoffCoefficient,
        Duration maximumInterval,
        String... nonRetryableErrors) {
      HttpTaskManager.required(initialInterval, "initialInterval");
      List<String> nonRetryable =
          HttpTaskManager.requiredEach(nonRetryableErrors, "nonRetryableErrors");
      if (maximumAttempts < 0 || maximumAttempts > 10_000) {
        throw new IllegalArgumentException("maximumAttempts must be 0 (no limit) to 10000");
      }
      if (initialInterval.toMillis() < 1 || initialInterval.getSeconds() > MAX_TIMEOUT_SECONDS) {
        throw new IllegalArgumentException("initialInterval must be 1 ms to one year");
      }
      if (!(backoffCoefficient >= 1 && backoffCoefficient <= 100)) {
        throw new IllegalArgumentException("backoffCoefficient must be 1 to 100");
      }
      Map<String, Object> policy = new LinkedHashMap<>();
      policy.put("maximumAttempts", maximumAttempts);
      policy.put("initialIntervalSeconds", initialInterval.toMillis() / 1000.0);
      policy.put("backoffCoefficient", backoffCoefficient);
      if (maximumInterval != null) {
        if (maximumInterval.compareTo(initialInterval) < 0
            || maximumInterval.getSeconds() > MAX_TIMEOUT_SECONDS) {
          throw new IllegalArgumentException(
              "maximumInterval must be at least initialInterval and at most one year");
        }
        policy.put("maximumIntervalSeconds", maximumInterval.toMillis() / 1000.0);
      }
      policy.put("nonRetryableErrors", nonRetryable);
      this.retry = policy;
      return this;
    }

    /** The registration. */
    public TaskRegistration build() {
      return new TaskRegistration(this);
    }

    private Map<String, Object> body() {
      Map<String, Object> body = new LinkedHashMap<>();
      body.put(taskMember, task);
      if (parameter != null) {
        body.put("parameter", Json.tree(parameter));
      }
      if (sentTime != null) {
        body.put("sentTime", sentTime.toString());
      }
      if (!timeouts.isEmpty()) {
        body.put("timeouts", new LinkedHashMap<>(timeouts));
      }
      if (!context.isEmpty()) {
        body.put("context", new LinkedHashMap<>(context));
      }
      if (delaySeconds != null) {
        body.put("delaySeconds", delaySeconds);
      }
      if (notBefore != null) {
        body.put("notBefore", notBefore.toString());
      }
      if (retry != null) {
        body.put("retry", new LinkedHashMap<>(retry));
      }
      return body;
    }
  }
}
