package io.ordo.client.impl;

import io.ordo.bus.QueueApi;
import io.vertx.core.Future;
import io.vertx.core.json.JsonObject;

/**
 * Carries one call of the queue service's API, in the event-bus form of {@link QueueApi}: the
 * request's body members and path and query parameters side by side, the answer's JSON object.
 */
public interface Transport {
  /**
   * Sends a call.
   *
   * @return the answer ({@code {}} where HTTP answers 204); failed with the domain exception
   *     ({@code TaskControlException} and subclasses, {@code IllegalArgumentException} for {@code
   *     invalid_parameter}), or {@code unavailable} when the service could not be reached
   */
  Future<JsonObject> send(QueueApi.Action action, JsonObject request);

  /** Releases what the transport holds; a no-op if it holds nothing. */
  Future<Void> close();
}
