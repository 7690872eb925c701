package io.ordo.client.http;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.util.List;
import org.junit.jupiter.api.Test;

class RegisteredParallelizedTaskQueueInfoTest {

  @Test
  void namesTheWaitingTypesNoLiveRunnerRuns() {
    RegisteredParallelizedTaskQueueInfo info =
        new RegisteredParallelizedTaskQueueInfo(
            Json.parse(
                "{\"isActive\": true, \"waitingTasks\": [], \"runningTasks\": [],"
                    + " \"blockedReason\": \"NO_CAPACITY\","
                    + " \"taskClassNamesWithoutRunner\": [\"com.example.Away\","
                    + " \"com.example.Gone\"]}"));

    assertEquals("NO_CAPACITY", info.getBlockedReason());
    assertEquals(
        List.of("com.example.Away", "com.example.Gone"), info.getTaskClassNamesWithoutRunner());
  }

  @Test
  void blockedDetails_nameTheWaitingTypes_whenNoLiveRunnerRunsAny_andAreNullWhenNotBlocked() {
    RegisteredParallelizedTaskQueueInfo blocked =
        new RegisteredParallelizedTaskQueueInfo(
            Json.parse(
                "{\"isActive\": true, \"blockedReason\": \"NO_RUNNER\","
                    + " \"blockedDetails\": {\"taskClassNames\": [\"com.example.A\","
                    + " \"com.example.B\"]}}"));
    assertEquals(
        List.of("com.example.A", "com.example.B"), blocked.getBlockedDetails().taskClassNames());
    assertNull(blocked.getBlockedDetails().messageId());

    RegisteredParallelizedTaskQueueInfo running =
        new RegisteredParallelizedTaskQueueInfo(
            Json.parse("{\"isActive\": true, \"blockedReason\": null, \"blockedDetails\": null}"));
    assertNull(running.getBlockedDetails());
  }

  @Test
  void namesNone_fromANodeOfAnOrdoBeforeTheList() {
    RegisteredParallelizedTaskQueueInfo info =
        new RegisteredParallelizedTaskQueueInfo(Json.parse("{\"isActive\": true}"));

    assertEquals(List.of(), info.getTaskClassNamesWithoutRunner());
  }
}
