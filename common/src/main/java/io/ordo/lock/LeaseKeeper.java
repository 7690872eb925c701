package io.ordo.lock;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.sqlclient.Pool;
import java.time.Duration;
import java.util.List;
import java.util.UUID;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Keeps a node's lock-owner lease (SPEC 6): registers an owner, renews its lease every renewal
 * period on the database's clock, and, when a renewal finds the lease already expired (the node was
 * paused or cut off), tells the node it lost every lock and registers a fresh owner.
 */
public final class LeaseKeeper {
  private static final Logger LOG = LoggerFactory.getLogger(LeaseKeeper.class);
  private static final List<String> OUTCOMES = List.of("renewed", "expired", "failed");

  private final Vertx vertx;
  private final Pool pool;
  private final LockOwnerStore store = new LockOwnerStore();
  private final String node;
  private final String kind;
  private final Duration lease;
  private final Duration renewalPeriod;
  private final LeaseListener listener;
  private final MeterRegistry meters;
  private final Supplier<OwnerStatus> status;
  private volatile String ownerId;
  private volatile boolean held;
  // System.nanoTime() before which the current lease is surely live on the database: the time the
  // last registration or renewal that succeeded was sent, plus the lease
  private volatile long liveUntilNanos;
  private long timer = -1;
  private boolean renewing;
  // the lease was given up: a renewal still on its way must neither report a loss nor register anew
  private volatile boolean resigned;

  /**
   * @param kind {@link LockOwner#RUNNER} or {@link LockOwner#QUEUE}
   * @param listener told when the lease is acquired and when a renewal finds it lost
   * @param meters where renewals are counted: {@code ordo_lease_renewals_total} by kind and outcome
   *     (renewed, expired, failed)
   */
  public LeaseKeeper(
      Vertx vertx,
      Pool pool,
      String node,
      String kind,
      Duration lease,
      Duration renewalPeriod,
      LeaseListener listener,
      MeterRegistry meters) {
    this(vertx, pool, node, kind, lease, renewalPeriod, listener, meters, () -> null);
  }

  /**
   * As the other constructor, for an owner that reports its status with its lease: {@code status}
   * is asked at every registration and renewal (on the event loop), and written by the same
   * statement, so the report costs no extra round trip. An owner without a status takes no tasks
   * (capacity 0); a runner's capacity is its status's.
   *
   * @param status what the owner reports; answers null for nothing
   */
  public LeaseKeeper(
      Vertx vertx,
      Pool pool,
      String node,
      String kind,
      Duration lease,
      Duration renewalPeriod,
      LeaseListener listener,
      MeterRegistry meters,
      Supplier<OwnerStatus> status) {
    this.vertx = vertx;
    this.pool = pool;
    this.node = node;
    this.kind = kind;
    this.lease = lease;
    this.renewalPeriod = renewalPeriod;
    this.listener = listener;
    this.meters = meters;
    this.status = status;
    for (String outcome : OUTCOMES) {
      counter(outcome); // every outcome is scraped (at zero) before its first event
    }
  }

  /**
   * The owner id of the current lease (a new one after a lost lease); null before the first and
   * while a new one registers after a lost lease.
   */
  public String ownerId() {
    return ownerId;
  }

  public boolean held() {
    return held;
  }

  /**
   * Whether {@code owner} is the current lease and surely still live on the database's clock for
   * {@code margin} more: counted on this JVM's monotonic clock from the moment the last successful
   * registration or renewal was sent, which is never after the database stamped it. A node paused
   * past its lease, or cut off from the database, answers false before it learns of the loss.
   */
  public boolean holds(String owner, Duration margin) {
    return held
        && owner.equals(ownerId)
        && System.nanoTime() - (liveUntilNanos - margin.toNanos()) < 0;
  }

  public Future<Void> start() {
    return register()
        .onSuccess(
            v -> {
              if (!resigned) {
                timer = vertx.setPeriodic(renewalPeriod.toMillis(), id -> renew());
              }
            });
  }

  private Future<Void> register() {
    String id = UUID.randomUUID().toString();
    long sent = System.nanoTime();
    return store
        .register(pool, UUID.fromString(id), node, kind, lease, status.get())
        .compose(
            expiry -> {
              if (resigned) { // given up while this registration was on its way: it goes too
                return store.resign(pool, UUID.fromString(id));
              }
              ownerId = id;
              liveUntilNanos = sent + lease.toNanos();
              held = true;
              LOG.info("{} {} holds lease {} until {}", kind, node, id, expiry);
              listener.leaseAcquired(id);
              return Future.<Void>succeededFuture();
            });
  }

  private void renew() {
    if (renewing || resigned) {
      return;
    }
    renewing = true;
    // no owner: the registration after a lost lease failed (database unreachable); try again
    Future<Void> round = ownerId == null ? register() : renewOrReplace(ownerId);
    round
        .onFailure(
            e -> {
              counted("failed");
              LOG.warn("Renewing the lease of {} failed: {}", node, e.getMessage());
            })
        .onComplete(done -> renewing = false);
  }

  private Future<Void> renewOrReplace(String current) {
    long sent = System.nanoTime();
    return store
        .renew(pool, UUID.fromString(current), lease, status.get())
        .compose(
            renewed -> {
              if (resigned) {
                return Future.succeededFuture();
              }
              if (renewed.isPresent()) {
                liveUntilNanos = sent + lease.toNanos();
                held = true;
                counted("renewed");
                return Future.succeededFuture();
              }
              counted("expired");
              LOG.warn("{} {} found its lease {} expired: every lock is lost", kind, node, current);
              held = false;
              ownerId = null;
              listener.leaseLost(current);
              return register();
            });
  }

  private void counted(String outcome) {
    counter(outcome).increment();
  }

  private Counter counter(String outcome) {
    return Counter.builder("ordo.lease.renewals")
        .description("Lease renewals of this node's lock owner, by outcome")
        .tag("kind", kind)
        .tag("outcome", outcome)
        .register(meters);
  }

  /** Gives the lease up (graceful shutdown) so others need not wait for it to expire. */
  public Future<Void> resign() {
    resigned = true;
    if (timer >= 0) {
      vertx.cancelTimer(timer);
    }
    held = false;
    return ownerId == null
        ? Future.succeededFuture()
        : store.resign(pool, UUID.fromString(ownerId));
  }
}
