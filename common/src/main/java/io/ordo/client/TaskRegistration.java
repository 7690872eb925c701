package io.ordo.client;

import io.ordo.model.TimeoutType;
import io.ordo.model.Timeouts;
import io.ordo.parameter.JavaParameters;
import io.vertx.core.json.JsonObject;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;

/**
 * A task message to register, with the options beyond the seed's {@code (taskClassName,
 * parameter)}: sent time, timeouts, idempotency key and registration context. Immutable; built with
 * {@link #builder}, which checks every value when it is given, so nothing invalid is ever sent.
 *
 * <pre>{@code
 * TaskRegistration registration =
 *     TaskRegistration.builder("com.example.SendInvoice")
 *         .parameter(Map.of("invoice", 42))
 *         .idempotencyKey("invoice-42")
 *         .timeout(TimeoutType.START_TO_CLOSE, Duration.ofMinutes(5))
 *         .build();
 * }</pre>
 */
public final class TaskRegistration {
  /** The longest idempotency key the API accepts. */
  public static final int MAX_IDEMPOTENCY_KEY_LENGTH = 255;

  private final JsonObject body;
  private final boolean stopProgressOnError;

  private TaskRegistration(JsonObject body, boolean stopProgressOnError) {
    this.body = body;
    this.stopProgressOnError = stopProgressOnError;
  }

  /**
   * Starts a registration.
   *
   * @param taskClassName the task type's class name or one of its aliases
   * @throws IllegalArgumentException the name is null or blank
   */
  public static Builder builder(String taskClassName) {
    if (taskClassName == null || taskClassName.isBlank()) {
      throw new IllegalArgumentException("taskClassName must name a task type");
    }
    return new Builder("taskClassName", taskClassName);
  }

  /**
   * Starts the registration of a JavaScript task (SPEC 9.4).
   *
   * @param jsPath the script, relative to the scripts directory (e.g. {@code billing/invoice.js})
   * @throws IllegalArgumentException the path is null or blank
   */
  public static Builder scriptBuilder(String jsPath) {
    if (jsPath == null || jsPath.isBlank()) {
      throw new IllegalArgumentException("jsPath must name a script");
    }
    return new Builder("jsPath", jsPath);
  }

  /** A JavaScript task and its parameter, nothing else. */
  public static TaskRegistration script(String jsPath, Map<String, ?> parameter) {
    return scriptBuilder(jsPath).parameter(parameter).build();
  }

  /** The seed's registration: a task and its parameter, nothing else. */
  public static TaskRegistration of(String taskClassName, Map<String, ?> parameter) {
    return builder(taskClassName).parameter(parameter).build();
  }

  /** The task type's class name or alias; null for a JavaScript task. */
  public String taskClassName() {
    return body.getString("taskClassName");
  }

  /** The script of a JavaScript task; null for a Java task. */
  public String jsPath() {
    return body.getString("jsPath");
  }

  public boolean stopProgressOnError() {
    return stopProgressOnError;
  }

  /** The caller's idempotency key, or null. */
  public String idempotencyKey() {
    return body.getString("idempotencyKey");
  }

  /**
   * The API's registration body; {@code stopProgressOnError} only for a serial queue (the parallel
   * queue's body has no such member).
   */
  public JsonObject toJson(boolean serial) {
    JsonObject json = body.copy();
    if (serial) {
      json.put("stopProgressOnError", stopProgressOnError);
    }
    return json;
  }

  @Override
  public String toString() {
    return "TaskRegistration" + toJson(stopProgressOnError).encode();
  }

  /** Builds a {@link TaskRegistration}; each setter refuses an invalid value at once. */
  public static final class Builder {
    private final JsonObject body = new JsonObject();
    private final JsonObject timeouts = new JsonObject();
    private final JsonObject context = new JsonObject();
    private boolean stopProgressOnError;

    private Builder(String member, String task) {
      body.put(member, task);
    }

    /**
     * The task's parameter, checked against the seed's type table: {@code Boolean, Byte, Short,
     * Integer, Long, Float, Double, String}, {@code List} and {@code Map} (String keys), {@code
     * null}.
     *
     * @throws IllegalArgumentException a null key, another type, or a reference cycle
     */
    public Builder parameter(Map<String, ?> parameter) {
      body.put("parameter", JavaParameters.toJson(parameter));
      return this;
    }

    /** Serial queues only: whether an exception in the task deactivates the queue. */
    public Builder stopProgressOnError(boolean stop) {
      this.stopProgressOnError = stop;
      return this;
    }

    /** When the caller sent the message (default: when Ordo received the request). */
    public Builder sentTime(Instant sentTime) {
      body.put("sentTime", Objects.requireNonNull(sentTime, "sentTime").toString());
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
        timeouts.put(type.jsonName(), Timeouts.NONE);
        return this;
      }
      long seconds = limit.getSeconds();
      if (limit.getNano() != 0 || seconds < 1 || seconds > Timeouts.MAX_SECONDS) {
        throw new IllegalArgumentException(
            type.jsonName()
                + " must be whole seconds from 1 to "
                + Timeouts.MAX_SECONDS
                + ", got "
                + limit);
      }
      timeouts.put(type.jsonName(), seconds);
      return this;
    }

    /**
     * Makes repeats safe: registrations of the tenant with the same key (kept at least 24 h) create
     * one message and all answer with it, e.g. a retry after a timeout.
     *
     * @throws IllegalArgumentException the key is empty or longer than 255 characters
     */
    public Builder idempotencyKey(String key) {
      if (key == null || key.isEmpty() || key.length() > MAX_IDEMPOTENCY_KEY_LENGTH) {
        throw new IllegalArgumentException(
            "idempotencyKey must be 1 to " + MAX_IDEMPOTENCY_KEY_LENGTH + " characters");
      }
      body.put("idempotencyKey", key);
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
      context.put("attributes", JavaParameters.toJsonValue(attributes, "attributes"));
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
      if (delay.getNano() != 0 || seconds < 0 || seconds > io.ordo.model.Delay.MAX_SECONDS) {
        throw new IllegalArgumentException(
            "delay must be whole seconds from 0 to " + io.ordo.model.Delay.MAX_SECONDS);
      }
      body.remove("notBefore");
      body.put("delaySeconds", seconds);
      return this;
    }

    /** Not run before this instant (at most a year ahead; replaces a {@link #delay}). */
    public Builder notBefore(Instant notBefore) {
      body.remove("delaySeconds");
      body.put("notBefore", Objects.requireNonNull(notBefore, "notBefore").toString());
      return this;
    }

    /**
     * How a failed run is retried, replacing the task type's default policy.
     *
     * @throws io.ordo.TaskControlException {@code invalid_request} if the policy is out of range
     */
    public Builder retry(io.ordo.model.RetryPolicy policy) {
      JsonObject json = Objects.requireNonNull(policy, "policy").toJson();
      io.ordo.model.RetryPolicy.fromJson("retry", json); // refused here rather than by the server
      body.put("retry", json);
      return this;
    }

    public TaskRegistration build() {
      JsonObject json = body.copy();
      if (!timeouts.isEmpty()) {
        json.put("timeouts", timeouts.copy());
      }
      if (!context.isEmpty()) {
        json.put("context", context.copy());
      }
      return new TaskRegistration(json, stopProgressOnError);
    }
  }
}
