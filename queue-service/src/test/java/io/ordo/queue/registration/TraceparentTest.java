package io.ordo.queue.registration;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.util.List;
import org.junit.jupiter.api.Test;

class TraceparentTest {
  private static final String TRACE_ID = "4bf92f3577b34da6a3ce929d0e0e4736";

  @Test
  void aValidHeader_givesItsTraceId() {
    assertEquals(TRACE_ID, Traceparent.traceId("00-" + TRACE_ID + "-00f067aa0ba902b7-01"));
    assertEquals(TRACE_ID, Traceparent.traceId(" 00-" + TRACE_ID + "-00f067aa0ba902b7-00 "));
  }

  @Test
  void noHeader_givesNone() {
    assertNull(Traceparent.traceId(null));
  }

  @Test
  void aMalformedHeader_isIgnored() {
    for (String header :
        List.of(
            "",
            "not-a-traceparent",
            "00-" + TRACE_ID.toUpperCase() + "-00f067aa0ba902b7-01",
            "00-" + TRACE_ID + "-00f067aa0ba902b7",
            "00-" + TRACE_ID + "1-00f067aa0ba902b7-01")) {
      assertNull(Traceparent.traceId(header), header);
    }
  }

  @Test
  void anAllZeroTraceIdOrParentId_isIgnored() {
    assertNull(Traceparent.traceId("00-00000000000000000000000000000000-0000000000000000-00"));
    assertNull(Traceparent.traceId("00-00000000000000000000000000000000-00f067aa0ba902b7-01"));
    assertNull(Traceparent.traceId("00-" + TRACE_ID + "-0000000000000000-01"));
  }

  @Test
  void versionFf_isIgnored() {
    assertNull(Traceparent.traceId("ff-" + TRACE_ID + "-00f067aa0ba902b7-01"));
  }
}
