package io.ordo.model;

/** SWF's four activity timeouts (SPEC 4), with their JSON and history names. */
public enum TimeoutType {
  SCHEDULE_TO_START("scheduleToStart"),
  START_TO_CLOSE("startToClose"),
  HEARTBEAT("heartbeat"),
  SCHEDULE_TO_CLOSE("scheduleToClose");

  private final String jsonName;

  TimeoutType(String jsonName) {
    this.jsonName = jsonName;
  }

  /** The key in a {@code timeouts} object, e.g. {@code startToClose}. */
  public String jsonName() {
    return jsonName;
  }
}
