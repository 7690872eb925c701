package io.ordo.bus;

import io.vertx.core.Future;
import io.vertx.core.eventbus.DeliveryOptions;
import io.vertx.core.eventbus.EventBus;
import io.vertx.core.eventbus.Message;

/**
 * Event-bus requests whose failure to be sent at all is a failed future, as a missing answer is:
 * {@link EventBus#request} throws at its caller when the body's class has no codec on that bus or
 * the bus is closed, and a caller that keeps state around its requests (one claim in flight, one
 * report batch in flight) would otherwise wait for an answer that never comes.
 */
public final class Requests {
  private Requests() {}

  /** {@link EventBus#request}, with a request that could not be sent as a failed future. */
  public static <T> Future<Message<T>> request(
      EventBus bus, String address, Object body, DeliveryOptions options) {
    try {
      return bus.request(address, body, options);
    } catch (RuntimeException notSent) {
      return Future.failedFuture(notSent);
    }
  }
}
