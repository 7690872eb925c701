package io.ordo.client.http;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.net.http.HttpHeaders;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The wait before a call is sent again after an unavailable answer (502/503/504). */
class ExchangeBackOffTest {
  private final Exchange exchange =
      new Exchange(
          null,
          "http://127.0.0.1:1/api/v1",
          () -> "t",
          Duration.ofSeconds(5),
          3,
          Duration.ofMillis(200),
          Duration.ofSeconds(30),
          OrdoClient.DEFAULT_MAX_ANSWER_BYTES,
          null);

  @Test
  void withoutRetryAfter_theBackOffDoubles() {
    assertEquals(Duration.ofMillis(200), exchange.delay(0, headers()));
    assertEquals(Duration.ofMillis(800), exchange.delay(2, headers()));
  }

  @Test
  void aLongerRetryAfter_isWaited_aShorterOneIsNot() {
    assertEquals(Duration.ofSeconds(1), exchange.delay(0, headers("1")));
    assertEquals(Duration.ofMillis(1_600), exchange.delay(3, headers("1")));
  }

  @Test
  void retryAfter_isCappedAtTenSeconds_andADateIsIgnored() {
    assertEquals(Duration.ofSeconds(10), exchange.delay(0, headers("3600")));
    assertEquals(
        Duration.ofMillis(200), exchange.delay(0, headers("Wed, 21 Oct 2026 07:28:00 GMT")));
  }

  private static HttpHeaders headers(String... retryAfter) {
    return HttpHeaders.of(
        retryAfter.length == 0 ? Map.of() : Map.of("Retry-After", List.of(retryAfter)),
        (name, value) -> true);
  }
}
