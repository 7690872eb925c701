package io.ordo.client.http;

import com.fasterxml.jackson.databind.JsonNode;
import java.time.Instant;
import java.util.Calendar;
import java.util.Map;
import java.util.Objects;

/**
 * What Ordo says about one task message (the seed's {@code RegisteredTaskInfo}, with the API's task
 * info beside it): an immutable value. Times come as {@link Calendar} (a fresh copy per call, in
 * the JVM's default time zone), as epoch milliseconds and as {@link Instant}; a time not reached
 * yet is {@code null}, {@link #UNALLOCATED_TIMESTAMP} and {@code null}.
 */
public abstract sealed class RegisteredTaskInfo
    permits RegisteredParallelizedTaskInfo, RegisteredSerializedTaskInfo {
  /** The millisecond value of a time that is not set yet (accept and start time). */
  public static final long UNALLOCATED_TIMESTAMP = -1L;

  private final String messageId;
  private final TaskState state;
  private final String taskClassName;
  private final String jsPath;
  private final Map<String, Object> parameter;
  private final Instant sentTime;
  private final Instant receivedTime;
  private final String node;
  private final Instant acceptTime;
  private final Instant startTime;
  private final int attempt;
  private final Instant lastHeartbeatTime;
  private final Object heartbeatDetails;
  private final Map<String, Object> timeouts;
  private final Map<String, Object> outcome;
  private final Instant notBefore;
  private final String executionId;

  RegisteredTaskInfo(JsonNode json) {
    Json.object(json, "a task info");
    this.messageId = Json.requiredText(json, "messageId");
    this.state = Json.requiredEnum(json, "state", TaskState.class);
    this.taskClassName = Json.text(json, "taskClassName");
    this.jsPath = Json.text(json, "jsPath");
    this.parameter = Json.map(json, "parameter");
    this.sentTime = Json.instant(json, "sentTime");
    this.receivedTime = Json.instant(json, "receivedTime");
    this.node = Json.text(json, "node");
    this.acceptTime = Json.instant(json, "acceptTime");
    this.startTime = Json.instant(json, "startTime");
    this.attempt = Json.integer(json, "attempt", 0);
    this.lastHeartbeatTime = Json.instant(json, "lastHeartbeatTime");
    this.heartbeatDetails = Json.plain(json.get("heartbeatDetails"));
    this.timeouts = Json.map(json, "timeouts");
    this.outcome = Json.map(json, "outcome");
    this.notBefore = Json.instant(json, "notBefore");
    this.executionId = Json.text(json, "executionId");
  }

  /** The parallel or serial form of an API task info, by its {@code queue}. */
  static RegisteredTaskInfo read(JsonNode json) {
    return "serial".equals(Json.text(json, "queue"))
        ? new RegisteredSerializedTaskInfo(json)
        : new RegisteredParallelizedTaskInfo(json);
  }

  /** The id Ordo gave the message at registration. */
  public String getMessageId() {
    return messageId;
  }

  /** The lifecycle state when the answer was written. */
  public TaskState getState() {
    return state;
  }

  /** The task's class name (or the alias it was registered with); null for a JavaScript task. */
  public String getTaskClassName() {
    return taskClassName;
  }

  /** The JavaScript task's path; null for a Java task. */
  public String getJsPath() {
    return jsPath;
  }

  /** The registered parameter (unmodifiable; numbers as the JSON reader made them); or null. */
  public Map<String, Object> getParameter() {
    return parameter;
  }

  /** When the client called the registration API (or the time it supplied). */
  public Calendar getSentTime() {
    return calendar(sentTime);
  }

  /** {@link #getSentTime()} in epoch milliseconds. */
  public long getSentTimeInMillis() {
    return millis(sentTime);
  }

  /** When Ordo stored the message; may differ from the sent time. */
  public Calendar getReceivedTime() {
    return calendar(receivedTime);
  }

  /** {@link #getReceivedTime()} in epoch milliseconds. */
  public long getReceivedTimeInMillis() {
    return millis(receivedTime);
  }

  /** The runner node holding the task; null until a runner accepted it. */
  public String getNode() {
    return node;
  }

  /** When a runner accepted the task (READY); null until then. */
  public Calendar getAcceptTime() {
    return calendar(acceptTime);
  }

  /** When a runner accepted the task; {@link #UNALLOCATED_TIMESTAMP} until then. */
  public long getAcceptTimeInMillis() {
    return millis(acceptTime);
  }

  /** When {@code run} started (RUNNING); null until then. */
  public Calendar getStartTime() {
    return calendar(startTime);
  }

  /** When {@code run} started; {@link #UNALLOCATED_TIMESTAMP} until then. */
  public long getStartTimeInMillis() {
    return millis(startTime);
  }

  /**
   * While it waits: the time before which it is not selected (a delay, a retry's back-off); null if
   * none.
   */
  public Instant getNotBefore() {
    return notBefore;
  }

  /**
   * The state-machine execution whose Task state scheduled this message ({@link
   * StateMachineManager#describeExecution}); null for a message the application registered.
   */
  public String getExecutionId() {
    return executionId;
  }

  /** How many times a runner started the task (0 before the first start). */
  public int getAttempt() {
    return attempt;
  }

  /** The task's latest heartbeat; null if it never sent one. */
  public Instant getLastHeartbeatTime() {
    return lastHeartbeatTime;
  }

  /** The details of the latest heartbeat (any JSON value as plain Java); null if none. */
  public Object getHeartbeatDetails() {
    return heartbeatDetails;
  }

  /** The message's timeouts by {@link TimeoutType#jsonName()}: seconds or {@code "NONE"}. */
  public Map<String, Object> getTimeouts() {
    return timeouts;
  }

  /** Once DISPOSED: how it ended ({@code type}, and {@code result} or {@code error}); else null. */
  public Map<String, Object> getOutcome() {
    return outcome;
  }

  private static Calendar calendar(Instant instant) {
    if (instant == null) {
      return null;
    }
    Calendar calendar = Calendar.getInstance();
    calendar.setTimeInMillis(instant.toEpochMilli());
    return calendar;
  }

  private static long millis(Instant instant) {
    return instant == null ? UNALLOCATED_TIMESTAMP : instant.toEpochMilli();
  }

  @Override
  public boolean equals(Object other) {
    return other instanceof RegisteredTaskInfo info
        && info.getClass() == getClass()
        && Objects.equals(info.messageId, messageId)
        && info.state == state
        && Objects.equals(info.node, node)
        && info.attempt == attempt;
  }

  @Override
  public int hashCode() {
    return Objects.hash(messageId, state, node, attempt);
  }

  @Override
  public String toString() {
    return getClass().getSimpleName() + "{" + messageId + ", " + state + "}";
  }
}
