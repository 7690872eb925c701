package io.ordo.bus;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.vertx.core.json.JsonObject;
import java.time.Instant;
import org.junit.jupiter.api.Test;

/** A runner control request crosses the event bus as JSON text and comes back equal. */
class RunnerControlTest {

  @Test
  void aStop_withAMicrosecondRequestTime_readsBackEqual() {
    RunnerControl stop =
        RunnerControl.release(
            true, "m1", 7, true, false, "alice", Instant.parse("2026-11-29T08:00:00.000123Z"));
    assertEquals(stop, overTheWire(stop));
  }

  @Test
  void aLostNotice_withoutARequestTime_readsBackEqual() {
    RunnerControl lost = RunnerControl.lost("m2", 3, "START_TO_CLOSE timeout");
    assertEquals(lost, overTheWire(lost));
  }

  private static RunnerControl overTheWire(RunnerControl control) {
    return RunnerControl.fromJson(new JsonObject(control.toJson().encode()));
  }
}
