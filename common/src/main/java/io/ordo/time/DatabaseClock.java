package io.ordo.time;

import io.ordo.lock.LockOwnerStore;
import io.vertx.core.Future;
import io.vertx.sqlclient.Pool;
import io.vertx.sqlclient.SqlConnection;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;

/**
 * A clock kept in step with PostgreSQL's: the node's own clock plus the offset last measured
 * against {@code now()}. Every timestamp Ordo writes and every deadline it checks come from it, so
 * a node whose clock is far off still records and enforces the farm's time.
 */
public final class DatabaseClock extends Clock {
  private static final int SAMPLES = 5;

  private final Clock local;
  private volatile Duration offset = Duration.ZERO;

  public DatabaseClock(Clock local) {
    this.local = local;
  }

  /**
   * Measures the offset again, NTP-style: a few round trips on one connection, and the one with the
   * shortest round trip decides (half of it is taken as the database's share). Timestamps from
   * different nodes are then comparable to well under a millisecond on a local network.
   */
  public Future<Duration> sync(Pool pool, LockOwnerStore store) {
    return pool.withConnection(connection -> sample(connection, store, SAMPLES, null))
        .map(
            best -> {
              offset = best.offset();
              return offset;
            });
  }

  private record Sample(Duration roundTrip, Duration offset) {}

  private Future<Sample> sample(
      SqlConnection connection, LockOwnerStore store, int left, Sample best) {
    if (left == 0) {
      return Future.succeededFuture(best);
    }
    Instant before = local.instant();
    return store
        .databaseNow(connection)
        .compose(
            databaseNow -> {
              Instant after = local.instant();
              Duration roundTrip = Duration.between(before, after);
              Instant midpoint = before.plus(roundTrip.dividedBy(2));
              Sample sample = new Sample(roundTrip, Duration.between(midpoint, databaseNow));
              Sample better =
                  best == null || roundTrip.compareTo(best.roundTrip()) < 0 ? sample : best;
              return sample(connection, store, left - 1, better);
            });
  }

  public Duration offset() {
    return offset;
  }

  /** Microsecond precision, as PostgreSQL keeps it, so a time reads back as it was written. */
  @Override
  public Instant instant() {
    return local.instant().plus(offset).truncatedTo(ChronoUnit.MICROS);
  }

  @Override
  public ZoneId getZone() {
    return ZoneOffset.UTC;
  }

  @Override
  public Clock withZone(ZoneId zone) {
    return this;
  }
}
