package io.ordo.deploy.load;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

/** The load generator's command line. */
class LoadOptionsTest {
  @Test
  void theSerialRunsTask_isRecordUnlessNamed() {
    assertEquals(
        "Record",
        LoadOptions.parse(new String[] {"--token", "t", "--mode", "serial"}).serialTask());
    LoadOptions echo =
        LoadOptions.parse(new String[] {"--token", "t", "--mode", "serial", "--task", "Echo"});
    assertEquals("Echo", echo.serialTask());
    assertEquals(LoadOptions.Mode.SERIAL, echo.mode());
    assertEquals(LoadOptions.DEFAULT_SERIAL_COUNT, echo.count());
  }

  @Test
  void anOptionWithoutItsValue_isRefused() {
    IllegalArgumentException refused =
        assertThrows(
            IllegalArgumentException.class,
            () -> LoadOptions.parse(new String[] {"--token", "t", "--task"}));
    assertEquals("missing value after --task", refused.getMessage());
  }
}
