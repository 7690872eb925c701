package io.ordo.queue;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.time.Duration;
import org.junit.jupiter.api.Test;

/** The gauges' count is paced: it takes at most 5 % of a connection's time. */
class QueueGaugesTest {
  private static final Duration INTERVAL = Duration.ofSeconds(5);

  @Test
  void aQuickCount_isRepeatedEveryInterval() {
    assertEquals(INTERVAL, QueueGauges.nextAfter(INTERVAL, Duration.ofMillis(3)));
    assertEquals(INTERVAL, QueueGauges.nextAfter(INTERVAL, Duration.ZERO));
  }

  @Test
  void aCountOfAQuarterSecond_isTheEdge() {
    // 250 ms of counting, then 4.75 s of waiting: 5 % of the 5 s
    assertEquals(INTERVAL, QueueGauges.nextAfter(INTERVAL, Duration.ofMillis(250)));
  }

  @Test
  void aLongCount_pushesTheNextOneBack_toFivePercentOfTheTime() {
    assertEquals(Duration.ofMillis(9_500), QueueGauges.nextAfter(INTERVAL, Duration.ofMillis(500)));
    assertEquals(Duration.ofSeconds(95), QueueGauges.nextAfter(INTERVAL, Duration.ofSeconds(5)));
  }
}
