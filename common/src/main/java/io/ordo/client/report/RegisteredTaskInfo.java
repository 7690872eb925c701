package io.ordo.client.report;

import io.ordo.model.QueueKind;
import io.ordo.model.TaskInfo;
import io.ordo.model.TaskState;
import io.ordo.parameter.JavaParameters;
import io.vertx.core.json.JsonObject;
import java.time.Instant;
import java.util.Calendar;
import java.util.Map;

/**
 * What the status snapshot says about one task message (the seed's {@code RegisteredTaskInfo}): an
 * immutable value read from the API's task info. Times come as {@link Calendar} (a fresh copy per
 * call, in the JVM's default time zone) and as epoch milliseconds; a time not yet reached is {@code
 * null} and {@link #UNALLOCATED_TIMESTAMP}.
 */
public abstract sealed class RegisteredTaskInfo
    permits RegisteredParallelizedTaskInfo, RegisteredSerializedTaskInfo {
  /** The millisecond value of a time that is not set yet (accept and start time). */
  public static final long UNALLOCATED_TIMESTAMP = -1L;

  private final TaskInfo info;

  RegisteredTaskInfo(TaskInfo info) {
    this.info = info;
  }

  /** The parallel or serial form of an API task info, by its queue kind. */
  public static RegisteredTaskInfo of(TaskInfo info) {
    return info.queue() == QueueKind.SERIAL
        ? new RegisteredSerializedTaskInfo(info)
        : new RegisteredParallelizedTaskInfo(info);
  }

  /** Reads a task info object of the API. */
  public static RegisteredTaskInfo fromJson(JsonObject json) {
    return of(TaskInfo.fromJson(json.copy()));
  }

  /** The id Ordo gave the message at registration. */
  public String getMessageId() {
    return info.messageId();
  }

  /** When the client called the registration API (or the time it supplied). */
  public Calendar getSentTime() {
    return calendar(info.sentTime());
  }

  public long getSentTimeInMillis() {
    return millis(info.sentTime());
  }

  /** When Ordo stored the message; may differ from the sent time. */
  public Calendar getReceivedTime() {
    return calendar(info.receivedTime());
  }

  public long getReceivedTimeInMillis() {
    return millis(info.receivedTime());
  }

  /** The task's class name; null for a JavaScript task. */
  public String getTaskClassName() {
    return info.taskClassName();
  }

  /** The runner node holding the task; null until a runner accepted it. */
  public String getNode() {
    return info.node();
  }

  /** When a runner accepted the task (READY); null until then. */
  public Calendar getAcceptTime() {
    return calendar(info.acceptTime());
  }

  /** When a runner accepted the task; {@link #UNALLOCATED_TIMESTAMP} until then. */
  public long getAcceptTimeInMillis() {
    return millis(info.acceptTime());
  }

  /** When {@code run} started (RUNNING); null until then. */
  public Calendar getStartTime() {
    return calendar(info.startTime());
  }

  /** When {@code run} started; {@link #UNALLOCATED_TIMESTAMP} until then. */
  public long getStartTimeInMillis() {
    return millis(info.startTime());
  }

  /** The lifecycle state when the snapshot was taken. */
  public TaskState getState() {
    return info.state();
  }

  /** The registered parameter as the task sees it (a fresh copy per call); null if none. */
  public Map<String, Object> getParameter() {
    return JavaParameters.fromJson(info.parameter());
  }

  /** The full task info of the API (attempt, heartbeat, timeouts, outcome); a copy. */
  public TaskInfo toTaskInfo() {
    return TaskInfo.fromJson(info.toJson().copy());
  }

  /** The info itself, for the subclasses' getters (not handed out: its JSON is mutable). */
  TaskInfo info() {
    return info;
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
    return other != null
        && other.getClass() == getClass()
        && ((RegisteredTaskInfo) other).info.equals(info);
  }

  @Override
  public int hashCode() {
    return info.hashCode();
  }

  @Override
  public String toString() {
    return getClass().getSimpleName() + info.toJson().encode();
  }
}
