package io.ordo.client.http;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.ordo.client.http.exception.TaskControlException;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.function.Executable;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A 2xx whose body lacks what the API always sends (an empty body, {@code {}}, the wrong shape, a
 * member of the wrong type) is no success: the call fails with {@code invalid_answer}.
 */
class InvalidAnswerTest {
  @ParameterizedTest
  @ValueSource(
      strings = {
        "",
        "{}",
        "[1,2,3]",
        "{\"messageId\":7,\"state\":\"WAITING\"}",
        "{\"messageId\":\"m\"}"
      })
  void aTaskAnswerWithoutItsMembers_isInvalid(String body) throws Exception {
    try (FakeServer server = new FakeServer(FakeServer.answering(200, "application/json", body))) {
      OrdoClient ordo = client(server);
      TaskManager tasks = ordo.tasks();
      assertInvalid(() -> tasks.addParallelizedTask("Echo", Map.of()));
      assertInvalid(() -> tasks.getTaskInfo("m"));
      assertInvalid(() -> tasks.addSerializedTaskQueue("q", true));
      assertInvalid(() -> ordo.schedules().getSchedule("s"));
      assertInvalid(() -> ordo.stateMachines().describeExecution("e"));
      assertInvalid(() -> tasks.setParallelizedTaskQueueActive(true));
    }
  }

  @ParameterizedTest
  @ValueSource(strings = {"{}", "[1,2,3]", "true"})
  void aRemovalAnsweringABody_isInvalid(String body) throws Exception {
    try (FakeServer server = new FakeServer(FakeServer.answering(200, "application/json", body))) {
      TaskManager tasks = client(server).tasks();
      assertInvalid(() -> tasks.removeParallelizedTask("m"));
      assertInvalid(() -> tasks.removeSerializedTaskQueue("q"));
    }
  }

  @ParameterizedTest
  @ValueSource(strings = {"{}", "[1,2,3]", "[{}]"})
  void aListAnswerOfTheWrongShape_isInvalid(String body) throws Exception {
    try (FakeServer server = new FakeServer(FakeServer.answering(200, "application/json", body))) {
      OrdoClient ordo = client(server);
      assertInvalid(() -> ordo.tasks().getSerializedTaskQueuesInfo());
      assertInvalid(() -> ordo.schedules().listSchedules());
    }
  }

  @ParameterizedTest
  @ValueSource(strings = {""})
  void aRemovalWithoutABody_isTheApisAnswer(String body) throws Exception {
    try (FakeServer server = new FakeServer(FakeServer.answering(204, "application/json", body))) {
      assertTrue(client(server).tasks().removeParallelizedTask("m"));
    }
  }

  private static void assertInvalid(Executable call) {
    TaskControlException e = assertThrows(TaskControlException.class, call);
    assertEquals("invalid_answer", e.code(), e.getMessage());
    assertTrue(e.getMessage().contains("unreadable"), e.getMessage());
  }

  static OrdoClient client(FakeServer server) {
    return OrdoClient.builder()
        .baseUrl(server.baseUrl())
        .token("t")
        .requestTimeout(Duration.ofSeconds(10))
        .maxRetries(0)
        .build();
  }
}
