package io.ordo.client.http;

/** The four timeouts a message may set (SPEC 4, from Amazon SWF). */
public enum TimeoutType {
  /** From received to accepted: the message is disposed without running. */
  SCHEDULE_TO_START("scheduleToStart"),
  /** From started to the end of {@code run}: the task is released. */
  START_TO_CLOSE("startToClose"),
  /** Between heartbeats of a running task: the task is released. */
  HEARTBEAT("heartbeat"),
  /** From received to the end of {@code run}. */
  SCHEDULE_TO_CLOSE("scheduleToClose");

  private final String jsonName;

  TimeoutType(String jsonName) {
    this.jsonName = jsonName;
  }

  /** The member's name in the API's {@code timeouts} object, e.g. {@code startToClose}. */
  public String jsonName() {
    return jsonName;
  }
}
