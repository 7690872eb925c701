package io.ordo.history.service;

import io.ordo.bus.Addresses;
import io.ordo.bus.BusErrors;
import io.ordo.bus.QueueServiceContact;
import io.ordo.config.NodeContext;
import io.ordo.db.Hmac;
import io.ordo.db.NodeSecrets;
import io.ordo.db.PlanProfile;
import io.ordo.db.Pools;
import io.ordo.db.TokenSigner;
import io.ordo.history.HistoryStore;
import io.vertx.core.Future;
import io.vertx.core.VerticleBase;
import io.vertx.core.eventbus.DeliveryOptions;
import io.vertx.core.eventbus.Message;
import io.vertx.core.json.JsonObject;
import io.vertx.sqlclient.Pool;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The history service (SPEC 5): answers history reads for the API gateway over the event bus. Any
 * number may run; each reads PostgreSQL, where the queue service wrote the events in the same
 * transaction as their state changes.
 */
public final class HistoryServiceVerticle extends VerticleBase {
  private static final Logger LOG = LoggerFactory.getLogger(HistoryServiceVerticle.class);
  private final NodeContext node;
  // the retention purge, the page-token key and the health check
  private Pool pool;
  // the reads: a header and a page of events by key, thousands a second when clients follow
  // histories; planned once per connection (planning one cost five times running it)
  private Pool reads;
  private HistoryReader reader;
  private RetentionPurge purge;

  public HistoryServiceVerticle(NodeContext node) {
    this.node = node;
  }

  /** The retention purge, for an operator's or a test's "purge now". */
  public RetentionPurge purge() {
    return purge;
  }

  @Override
  public Future<?> start() {
    pool = Pools.create(vertx, node.database(), 2, "ordo-history");
    reads = Pools.create(vertx, node.database(), 4, "ordo-history-read", PlanProfile.HOT_PATH);
    HistoryStore store = new HistoryStore();
    purge = new RetentionPurge(pool, store, node.config().history(), node.clock(), node.meters());
    vertx.setPeriodic(
        node.config().history().purgeInterval().toMillis(),
        id -> purge.run().onFailure(e -> LOG.warn("History purge failed: {}", e.toString())));
    node.health().register("history-database", () -> pool.query("SELECT 1").execute().mapEmpty());
    watchQueueServices();
    return NodeSecrets.key(pool, NodeSecrets.PAGE_TOKENS)
        .onSuccess(
            key -> {
              reader = new HistoryReader(reads, store, new TokenSigner(new Hmac(key)));
              vertx.eventBus().<JsonObject>consumer(Addresses.HISTORY_READ, this::read);
            });
  }

  /**
   * Asks a queue service whether it is there every renewal period (a node that runs one answers
   * itself); after two leases of "no handlers" this node is in a cluster of its own, and its
   * liveness check fails so that it is restarted into theirs.
   */
  private void watchQueueServices() {
    QueueServiceContact contact = QueueServiceContact.forLease(node.config().lock().lease());
    long every = node.config().lock().renewalPeriod().toMillis();
    vertx.setPeriodic(
        every,
        id ->
            vertx
                .eventBus()
                .request(
                    Addresses.QUEUE_PRESENCE,
                    new JsonObject(),
                    new DeliveryOptions().setSendTimeout(Math.max(every, 1_000)))
                .onSuccess(reply -> contact.answered())
                .onFailure(error -> contact.failed(error, System.nanoTime())));
    node.liveness().register("history-queue-service", () -> contact.check(System.nanoTime()));
  }

  private void read(Message<JsonObject> message) {
    JsonObject body = message.body();
    if (body.containsKey("afterEventId")) {
      reader
          .after(
              body.getString("tenant"),
              body.getString("executionId"),
              body.getLong("afterEventId"),
              HistoryReader.MAX_PAGE_SIZE)
          .onSuccess(message::reply)
          .onFailure(error -> BusErrors.fail(message, error));
      return;
    }
    reader
        .page(
            body.getString("tenant"),
            body.getString("executionId"),
            body.getBoolean("reverseOrder", false),
            body.getInteger("maximumPageSize", HistoryReader.DEFAULT_PAGE_SIZE),
            body.getString("nextPageToken"))
        .onSuccess(message::reply)
        .onFailure(error -> BusErrors.fail(message, error));
  }

  @Override
  public Future<?> stop() {
    return Future.all(close(pool), close(reads)).mapEmpty();
  }

  private static Future<Void> close(Pool pool) {
    return pool == null ? Future.succeededFuture() : pool.close();
  }
}
