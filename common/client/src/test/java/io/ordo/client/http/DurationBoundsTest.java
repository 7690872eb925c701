package io.ordo.client.http;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.temporal.ChronoUnit;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.function.BiConsumer;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The builder's durations are bounded by a year: a longer one, such as {@code ChronoUnit.FOREVER}
 * for "no timeout", is refused at once instead of failing every call with an ArithmeticException.
 */
class DurationBoundsTest {
  static Stream<Arguments> setters() {
    Map<String, BiConsumer<OrdoClient.Builder, Duration>> setters =
        Map.of(
            "connectTimeout", OrdoClient.Builder::connectTimeout,
            "requestTimeout", OrdoClient.Builder::requestTimeout,
            "retryDelay", OrdoClient.Builder::retryDelay,
            "streamIdleTimeout", OrdoClient.Builder::streamIdleTimeout);
    return setters.entrySet().stream()
        .flatMap(
            setter ->
                Stream.of(
                        ChronoUnit.FOREVER.getDuration(),
                        Duration.ofSeconds(Long.MAX_VALUE),
                        OrdoClient.MAX_DURATION.plusNanos(1))
                    .map(duration -> Arguments.of(setter.getKey(), setter.getValue(), duration)));
  }

  @ParameterizedTest(name = "{0}({2})")
  @MethodSource("setters")
  void aDurationOverAYear_isRefusedByTheBuilder(
      String name, BiConsumer<OrdoClient.Builder, Duration> setter, Duration duration) {
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class, () -> setter.accept(OrdoClient.builder(), duration));
    assertTrue(e.getMessage().startsWith(name + " must be positive and at most"), e.getMessage());
  }

  @Test
  void theLongestDurations_makeCallsAndFollows() throws Exception {
    String task =
        "{\"messageId\":\"m\",\"queue\":\"parallel\",\"state\":\"WAITING\",\"attempt\":0}";
    FakeServer.Behaviour answers =
        (head, out) -> {
          if (head.contains("/history/stream")) {
            out.write(
                ("HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\nContent-Length: 20\r\n\r\n"
                        + "event: end\ndata: \n\n\n")
                    .getBytes(StandardCharsets.ISO_8859_1));
            out.flush();
          } else {
            FakeServer.answering(200, "application/json", task).answer(head, out);
          }
        };
    try (FakeServer server = new FakeServer(answers)) {
      OrdoClient ordo =
          OrdoClient.builder()
              .baseUrl(server.baseUrl())
              .token("t")
              .connectTimeout(OrdoClient.MAX_DURATION)
              .requestTimeout(OrdoClient.MAX_DURATION)
              .retryDelay(OrdoClient.MAX_DURATION)
              .streamIdleTimeout(OrdoClient.MAX_DURATION)
              .build();

      assertEquals("m", ordo.tasks().getTaskInfo("m").getMessageId());
      assertEquals(
          "m", ordo.tasks().getTaskInfoAsync("m").get(30, TimeUnit.SECONDS).getMessageId());
      ordo.tasks().followTaskHistory("m", 0, event -> {}).done().get(30, TimeUnit.SECONDS);
    }
  }
}
