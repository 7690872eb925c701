package io.ordo.queue.registration;

import java.util.regex.Pattern;

/**
 * A registration's W3C {@code traceparent} header (Trace Context, version 00): read for its trace
 * id, or ignored, as the recommendation asks of a header that is not valid, rather than refused.
 */
final class Traceparent {
  private static final Pattern FORMAT =
      Pattern.compile("^([0-9a-f]{2})-([0-9a-f]{32})-([0-9a-f]{16})-[0-9a-f]{2}$");
  private static final String ZERO_TRACE_ID = "0".repeat(32);
  private static final String ZERO_PARENT_ID = "0".repeat(16);

  private Traceparent() {}

  /**
   * The trace id of {@code header}; null for no header or one that is not valid: malformed, version
   * {@code ff}, or an all-zero trace id or parent id (which W3C Trace Context declares invalid).
   */
  static String traceId(String header) {
    if (header == null) {
      return null;
    }
    var matcher = FORMAT.matcher(header.trim());
    if (!matcher.matches()
        || matcher.group(1).equals("ff")
        || matcher.group(2).equals(ZERO_TRACE_ID)
        || matcher.group(3).equals(ZERO_PARENT_ID)) {
      return null;
    }
    return matcher.group(2);
  }
}
