package io.ordo.client;

import io.ordo.bus.Addresses;
import io.ordo.bus.QueueApi;
import io.ordo.client.impl.Blocking;
import io.ordo.client.impl.EventBusTransport;
import io.ordo.client.impl.TransportTaskManager;
import io.ordo.model.Caller;
import io.ordo.model.Role;
import io.vertx.core.Vertx;
import java.time.Duration;
import java.util.Objects;

/**
 * A {@link TaskManager} over the event bus ({@link Addresses#QUEUE_API}), for code that runs inside
 * an Ordo cluster node (a task, a verticle deployed next to the services).
 *
 * <p>The event bus is inside Ordo's trust boundary: there is no token, the tenant, role and
 * principal given here are believed as they are. Use it only in trusted code, on a clustered event
 * bus protected as the operations guide says (TLS, Hazelcast member authentication); see {@link
 * QueueApi}.
 */
public final class EventBusTaskManager extends TransportTaskManager {
  /** The default reply timeout of one request; a release waits for the runner. */
  public static final Duration DEFAULT_TIMEOUT = Duration.ofSeconds(60);

  private static final Duration BLOCKING_MARGIN = Duration.ofSeconds(5);

  private EventBusTaskManager(EventBusTransport transport, Duration timeout) {
    super(transport, new Blocking(timeout.plus(BLOCKING_MARGIN)));
  }

  /** A client acting as an operator of {@code tenant}. */
  public static EventBusTaskManager create(Vertx vertx, String tenant) {
    return create(vertx, new Caller(tenant, Role.OPERATOR, null), DEFAULT_TIMEOUT);
  }

  /**
   * A client acting as {@code caller}.
   *
   * @param caller the tenant, the role the service checks, and the principal recorded in
   *     registration contexts (null: {@value QueueApi#DEFAULT_PRINCIPAL})
   * @param timeout the reply timeout of one request (blocking forms wait a few seconds longer)
   */
  public static EventBusTaskManager create(Vertx vertx, Caller caller, Duration timeout) {
    Objects.requireNonNull(vertx, "vertx");
    Objects.requireNonNull(caller, "caller");
    if (caller.tenant() == null || caller.tenant().isEmpty() || caller.role() == null) {
      throw new IllegalArgumentException("the caller needs a tenant and a role: " + caller);
    }
    if (timeout == null || timeout.isNegative() || timeout.isZero()) {
      throw new IllegalArgumentException("the timeout must be positive, got " + timeout);
    }
    return new EventBusTaskManager(
        new EventBusTransport(vertx.eventBus(), caller, timeout), timeout);
  }
}
