package io.ordo.time;

import io.ordo.lock.LockOwnerStore;
import io.vertx.core.Future;
import io.vertx.sqlclient.SqlClient;
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
  private final Clock local;
  private volatile Duration offset = Duration.ZERO;

  public DatabaseClock(Clock local) {
    this.local = local;
  }

  /** Measures the offset again (half the round trip is taken as the database's share). */
  public Future<Duration> sync(SqlClient client, LockOwnerStore store) {
    Instant before = local.instant();
    return store
        .databaseNow(client)
        .map(
            databaseNow -> {
              Instant after = local.instant();
              Instant midpoint = before.plus(Duration.between(before, after).dividedBy(2));
              offset = Duration.between(midpoint, databaseNow);
              return offset;
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
