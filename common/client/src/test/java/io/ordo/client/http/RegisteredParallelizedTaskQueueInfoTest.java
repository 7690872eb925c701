package io.ordo.client.http;

import static org.junit.jupiter.api.Assertions.assertEquals;

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
  void namesNone_fromANodeOfAnOrdoBeforeTheList() {
    RegisteredParallelizedTaskQueueInfo info =
        new RegisteredParallelizedTaskQueueInfo(Json.parse("{\"isActive\": true}"));

    assertEquals(List.of(), info.getTaskClassNamesWithoutRunner());
  }
}
