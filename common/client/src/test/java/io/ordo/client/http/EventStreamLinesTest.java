package io.ordo.client.http;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.ordo.client.http.EventStreamLines.Message;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Flow;
import org.junit.jupiter.api.Test;

class EventStreamLinesTest {

  /** A subscription that records whether it was cancelled. */
  private static final class Subscription implements Flow.Subscription {
    boolean cancelled;

    @Override
    public void request(long n) {}

    @Override
    public void cancel() {
      cancelled = true;
    }
  }

  private static List<Message> read(String... lines) {
    List<Message> messages = new ArrayList<>();
    EventStreamLines stream = new EventStreamLines(messages::add);
    stream.onSubscribe(new Subscription());
    for (String line : lines) {
      stream.onNext(line);
    }
    return messages;
  }

  @Test
  void aMessage_endsAtItsBlankLine_withItsIdEventAndData() {
    assertEquals(
        List.of(new Message("3", "TaskStarted", "{\"eventId\":3}"), new Message("3", "end", "{}")),
        read(
            "id: 3",
            "event: TaskStarted",
            "data: {\"eventId\":3}",
            "",
            ": keep-alive",
            "",
            "event: end",
            "data: {}",
            ""));
  }

  @Test
  void dataLines_joinWithLineFeeds_andTheSpaceAfterTheColonIsOptional() {
    assertEquals(
        List.of(new Message(null, "message", "a\nb\n c")),
        read("data:a", "data: b", "data:  c", "retry: 10", "unknown", ""));
  }

  @Test
  void aMessageWithoutData_isNotHandedOn() {
    assertEquals(List.of(), read("event: nothing", "", "id: 1"));
  }

  @Test
  void aReceiversException_cancelsTheConnection_andNothingMoreIsHandedOn() {
    List<String> got = new ArrayList<>();
    EventStreamLines stream =
        new EventStreamLines(
            message -> {
              got.add(message.data());
              throw new IllegalStateException("stop");
            });
    Subscription subscription = new Subscription();
    stream.onSubscribe(subscription);
    for (String line : List.of("data: 1", "", "data: 2", "")) {
      stream.onNext(line);
    }
    assertEquals(List.of("1"), got);
    assertTrue(subscription.cancelled);
  }
}
