package io.ordo.model;

import io.ordo.ErrorCode;
import io.ordo.TaskControlException;
import java.util.regex.Pattern;

/**
 * The syntax of a serial queue's id, defined once: a letter, then up to 254 letters, digits, {@code
 * _ . : -} (reverse-domain names such as {@code com.example.billing} fit). Every id that can be
 * created can be used in every route: no id is a path segment {@code .} or {@code ..}, which a URL
 * normalises away, and none reads as a JSON number ({@code -1}, {@code 1.5}), which the OpenAPI
 * path parameter parser would turn into one. The OpenAPI document's {@code QueueId} pattern is the
 * same expression (a test holds them equal).
 */
public final class QueueIds {
  /** The pattern, as it stands in the OpenAPI document. */
  public static final String PATTERN = "^[A-Za-z][A-Za-z0-9_.:-]{0,254}$";

  public static final int MAX_LENGTH = 255;

  private static final Pattern COMPILED = Pattern.compile(PATTERN);

  private QueueIds() {}

  public static boolean valid(String queueId) {
    return queueId != null && COMPILED.matcher(queueId).matches();
  }

  /**
   * The id, if valid.
   *
   * @throws TaskControlException invalid_request saying what an id may be
   */
  public static String require(String queueId) {
    if (!valid(queueId)) {
      throw new TaskControlException(
          ErrorCode.INVALID_REQUEST,
          "queueId must start with a letter and go on with up to 254 letters, digits, '_', '.',"
              + " ':' or '-' (e.g. com.example.billing)");
    }
    return queueId;
  }
}
