package io.ordo.client.impl;

import io.ordo.bus.Addresses;
import io.ordo.bus.BusErrors;
import io.ordo.bus.QueueApi;
import io.ordo.bus.Requests;
import io.ordo.model.Caller;
import io.vertx.core.Future;
import io.vertx.core.eventbus.DeliveryOptions;
import io.vertx.core.eventbus.EventBus;
import io.vertx.core.eventbus.Message;
import io.vertx.core.json.JsonObject;
import java.time.Duration;
import java.util.Locale;

/** Sends API calls to {@link Addresses#QUEUE_API}, with the caller in the headers. */
public final class EventBusTransport implements Transport {
  private final EventBus eventBus;
  private final Caller caller;
  private final long timeoutMillis;

  /**
   * @param caller the tenant, role and principal every call acts as (principal may be null)
   * @param timeout the reply timeout of each call
   */
  public EventBusTransport(EventBus eventBus, Caller caller, Duration timeout) {
    this.eventBus = eventBus;
    this.caller = caller;
    this.timeoutMillis = timeout.toMillis();
  }

  @Override
  public Future<JsonObject> send(QueueApi.Action action, JsonObject request) {
    DeliveryOptions options =
        new DeliveryOptions()
            .setSendTimeout(timeoutMillis)
            .addHeader(QueueApi.ACTION, action.wireName())
            .addHeader(QueueApi.TENANT, caller.tenant())
            .addHeader(QueueApi.ROLE, caller.role().name().toLowerCase(Locale.ROOT));
    if (caller.principal() != null) {
      options.addHeader(QueueApi.PRINCIPAL, caller.principal());
    }
    return Requests.<JsonObject>request(eventBus, Addresses.QUEUE_API, request, options)
        .map(Message::body)
        .recover(error -> Future.failedFuture(BusErrors.toDomain(error)));
  }

  @Override
  public Future<Void> close() {
    return Future.succeededFuture();
  }
}
