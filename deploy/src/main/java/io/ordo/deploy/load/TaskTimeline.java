package io.ordo.deploy.load;

import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.math.BigDecimal;

/**
 * The server's times of one message, read from its history (SPEC 5): {@code TaskScheduled} (its
 * received time), the first {@code TaskAccepted} and {@code TaskStarted}, and the last event, which
 * for a message that ran to its end is {@code TaskCompleted}. Times are epoch milliseconds of the
 * node's clock; {@link #NONE} where the event is missing.
 *
 * @param messageId the message
 * @param scheduled when the message was durably stored
 * @param accepted when a runner first accepted it
 * @param started when {@code run} first started
 * @param ended the time of the last event
 * @param lastEventType the type of the last event ({@code FETCH_FAILED} if the history could not be
 *     read)
 * @param attempts how many {@code TaskStarted} events there are
 */
record TaskTimeline(
    String messageId,
    long scheduled,
    long accepted,
    long started,
    long ended,
    String lastEventType,
    int attempts) {

  static final long NONE = -1;
  static final String FETCH_FAILED = "FETCH_FAILED";

  /** Ran to its end: disposed with {@code TaskCompleted}. */
  boolean completed() {
    return "TaskCompleted".equals(lastEventType);
  }

  /** The history's last event is one after which the message is no longer in a queue. */
  boolean finished() {
    return switch (lastEventType) {
      case "TaskCompleted",
          "TaskFailed",
          "TaskRemoved",
          "TaskTimedOut",
          "TaskReleased",
          "TaskStopped" ->
          true;
      default -> false;
    };
  }

  static TaskTimeline unreadable(String messageId) {
    return new TaskTimeline(messageId, NONE, NONE, NONE, NONE, FETCH_FAILED, 0);
  }

  static TaskTimeline of(String messageId, JsonArray events) {
    long scheduled = NONE;
    long accepted = NONE;
    long started = NONE;
    long ended = NONE;
    String last = "NONE";
    int attempts = 0;
    for (int i = 0; i < events.size(); i++) {
      JsonObject event = events.getJsonObject(i);
      long time = epochMillis(event.getValue("eventTimestamp"));
      String type = event.getString("eventType");
      switch (type) {
        case "TaskScheduled" -> scheduled = time;
        case "TaskAccepted" -> accepted = accepted == NONE ? time : accepted;
        case "TaskStarted" -> {
          started = started == NONE ? time : started;
          attempts++;
        }
        default -> {}
      }
      ended = time;
      last = type;
    }
    return new TaskTimeline(messageId, scheduled, accepted, started, ended, last, attempts);
  }

  /** SWF's timestamps are epoch seconds with a millisecond fraction; read them exactly. */
  private static long epochMillis(Object seconds) {
    return new BigDecimal(String.valueOf(seconds)).movePointRight(3).longValue();
  }
}
