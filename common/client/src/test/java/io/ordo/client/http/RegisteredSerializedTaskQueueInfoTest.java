package io.ordo.client.http;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

class RegisteredSerializedTaskQueueInfoTest {

  private static RegisteredSerializedTaskQueueInfo queue(String reason, String details) {
    return new RegisteredSerializedTaskQueueInfo(
        Json.parse(
            "{\"queueId\": \"q\", \"isActive\": true, \"waitingCount\": 1, \"blockedReason\": \""
                + reason
                + "\", \"blockedDetails\": "
                + details
                + "}"));
  }

  @Test
  void blockedDetails_ofAHeadInProgress_nameItsStateNodeAndHeartbeatAge() {
    BlockedDetails details =
        queue(
                "HEAD_IN_PROGRESS",
                "{\"messageId\": \"m1\", \"state\": \"RUNNING\", \"node\": \"node-1\","
                    + " \"heartbeatAgeSeconds\": 2.5}")
            .getBlockedDetails();

    assertEquals("m1", details.messageId());
    assertEquals(TaskState.RUNNING, details.state());
    assertEquals("node-1", details.node());
    assertEquals(2.5, details.heartbeatAgeSeconds());
    assertNull(details.notBefore());
    assertNull(details.taskClassName());
    assertEquals(List.of(), details.taskClassNames());
  }

  @Test
  void blockedDetails_ofADelayedHead_andOfAHeadWithoutRunner() {
    BlockedDetails delayed =
        queue("DELAYED", "{\"messageId\": \"m2\", \"notBefore\": \"2026-11-29T20:00:00.123Z\"}")
            .getBlockedDetails();
    assertEquals("m2", delayed.messageId());
    assertEquals(Instant.parse("2026-11-29T20:00:00.123Z"), delayed.notBefore());
    assertNull(delayed.state());
    assertNull(delayed.heartbeatAgeSeconds());

    BlockedDetails noRunner =
        queue("NO_RUNNER", "{\"messageId\": \"m3\", \"taskClassName\": \"com.example.Gone\"}")
            .getBlockedDetails();
    assertEquals("m3", noRunner.messageId());
    assertEquals("com.example.Gone", noRunner.taskClassName());
  }

  @Test
  void blockedDetails_ofAnInactiveQueue_nameNothing() {
    BlockedDetails inactive = queue("INACTIVE", "{}").getBlockedDetails();
    assertNull(inactive.messageId());
    assertNull(inactive.node());
    assertEquals(List.of(), inactive.taskClassNames());
  }
}
