package io.ordo.client.http;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Setters refuse what cannot work at once, with the same clear message, never a bare NPE. */
class ArgumentsTest {
  @ParameterizedTest
  @ValueSource(
      strings = {
        "http://127.0.0.1:8080/?tenant=a",
        "http://127.0.0.1:8080/api/v1#top",
        "http:///x",
        "http:/x",
        "ftp://127.0.0.1/"
      })
  void aBaseUrlThatBreaksEveryCall_isRefusedByTheBuilder(String url) {
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> OrdoClient.builder().baseUrl(url));
    assertTrue(e.getMessage().startsWith("the base URL must"), e.getMessage());
  }

  @Test
  void aNullBaseUrl_mustBeGiven() {
    assertMustBeGiven("the base URL", () -> OrdoClient.builder().baseUrl((String) null));
  }

  @Test
  void nullQueryArguments_mustBeGiven() {
    assertMustBeGiven("status", () -> TaskQuery.all().status((String[]) null));
    assertMustBeGiven("status", () -> TaskQuery.all().status("FAILED", null));
    assertMustBeGiven("status", () -> ExecutionQuery.all().status((String) null));
    assertMustBeGiven("page", () -> TaskQuery.all().next(null));
    assertMustBeGiven("page", () -> ExecutionQuery.all().next(null));
    assertMustBeGiven("page", () -> HistoryQuery.firstPage().next(null));
  }

  @Test
  void nullRetryArguments_mustBeGiven() {
    TaskRegistration.Builder echo = TaskRegistration.builder("Echo");
    assertMustBeGiven(
        "nonRetryableErrors", () -> echo.retry(3, Duration.ofSeconds(1), 2, null, (String) null));
    assertMustBeGiven(
        "nonRetryableErrors", () -> echo.retry(3, Duration.ofSeconds(1), 2, null, (String[]) null));
    assertMustBeGiven("initialInterval", () -> echo.retry(3, null, 2, null));
  }

  @Test
  void maxAnswerBytes_outsideItsRange_isRefused() {
    for (long bytes : new long[] {-1, 0, 65_535, OrdoClient.MAX_ANSWER_BYTES_LIMIT + 1}) {
      IllegalArgumentException e =
          assertThrows(
              IllegalArgumentException.class, () -> OrdoClient.builder().maxAnswerBytes(bytes));
      assertTrue(e.getMessage().startsWith("maxAnswerBytes must be"), e.getMessage());
    }
    OrdoClient.builder().maxAnswerBytes(65_536).maxAnswerBytes(OrdoClient.MAX_ANSWER_BYTES_LIMIT);
  }

  @Test
  void aTraceparentAHeaderCannotCarry_isRefused_andASchedulesTaskTakesNone() {
    TaskRegistration.Builder echo = TaskRegistration.builder("Echo");
    for (String value : new String[] {null, "", "00-a\r\nX-Injected: 1", "t".repeat(513)}) {
      IllegalArgumentException e =
          assertThrows(IllegalArgumentException.class, () -> echo.traceparent(value));
      assertTrue(e.getMessage().startsWith("traceparent must be"), e.getMessage());
    }
    TaskRegistration traced =
        echo.traceparent("00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01").build();
    assertThrows(
        IllegalArgumentException.class,
        () -> ScheduleSpec.every(Duration.ofHours(1)).parallelTask(traced));
  }

  private static void assertMustBeGiven(String name, Executable call) {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, call);
    assertEquals(name + " must be given", e.getMessage());
  }
}
