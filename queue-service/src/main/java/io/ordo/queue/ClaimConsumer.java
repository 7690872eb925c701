package io.ordo.queue;

import io.ordo.queue.dispatch.Dispatcher;
import io.vertx.core.Future;
import io.vertx.core.VerticleBase;

/**
 * Takes the runners' claims on an event loop of its own, so that a claim does not wait behind the
 * report batches, registrations and sweeps of the queue service's event loop: a serial head is
 * claimed only into a free thread, which waits for the claim's whole round trip. Deployed by the
 * queue service, and undeployed with it.
 */
final class ClaimConsumer extends VerticleBase {
  private final Dispatcher dispatcher;

  ClaimConsumer(Dispatcher dispatcher) {
    this.dispatcher = dispatcher;
  }

  @Override
  public Future<?> start() {
    dispatcher.registerClaims(vertx.eventBus());
    return Future.succeededFuture();
  }
}
