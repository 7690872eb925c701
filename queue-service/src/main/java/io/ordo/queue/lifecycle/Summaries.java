package io.ordo.queue.lifecycle;

import io.vertx.core.json.JsonObject;

/** How a message ended, as its closed history's summary records it ({@code TaskSummaries}). */
public final class Summaries {
  private Summaries() {}

  /**
   * @param type COMPLETED, FAILED, REMOVED, RELEASED, STOPPED or TIMED_OUT; the caller adds the
   *     result or error
   */
  public static JsonObject outcome(String type) {
    return new JsonObject().put("type", type);
  }
}
