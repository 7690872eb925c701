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
import java.util.concurrent.atomic.AtomicLong;

/**
 * A clock kept in step with PostgreSQL's: the node's own clock plus the offset measured against
 * {@code now()}. Every timestamp Ordo writes and every deadline it checks come from it, so a node
 * whose clock is far off still records and enforces the farm's time.
 *
 * <p>Two rules keep the times one node writes in order and the nodes' times close together, as NTP
 * keeps clocks. A new measurement replaces the offset only if it is as good as the one in use (its
 * error, half its round trip, no larger than the one in use plus the drift the two clocks may have
 * had since): a measurement taken while the machine was busy, its round trip long and its error
 * milliseconds, is dropped rather than moving the node's clock away from the others'. And the clock
 * never goes back by less than {@link #STEP}: a correction that would move it back holds it until
 * its own time catches up; only a step larger than that (someone set a clock) is taken.
 */
public final class DatabaseClock extends Clock {
  private static final int SAMPLES = 5;

  /**
   * How fast two clocks may drift apart, as a measurement's error grows with its age: twice NTP's
   * 15 ppm tolerance.
   */
  static final double DRIFT = 30e-6;

  /** A backward correction at least this large is a step, taken rather than waited out. */
  static final Duration STEP = Duration.ofSeconds(1);

  private static final long STEP_MICROS = STEP.toNanos() / 1_000;

  private final Clock local;
  private volatile Measurement inUse;
  private final AtomicLong lastMicros = new AtomicLong(Long.MIN_VALUE);

  public DatabaseClock(Clock local) {
    this.local = local;
  }

  /** An offset and its error (half the round trip that measured it), as of a local time. */
  private record Measurement(Duration offset, Duration error, Instant at) {
    /** The error now: the measured one plus the drift the clocks may have had since. */
    Duration errorAt(Instant now) {
      long elapsedNanos = Math.max(0, Duration.between(at, now).toNanos());
      return error.plusNanos((long) (elapsedNanos * DRIFT));
    }
  }

  /**
   * Measures the offset again, NTP-style: a few round trips on one connection, the one with the
   * shortest round trip decides (half of it is taken as the database's share), and it is adopted if
   * it is as good as the offset in use (see the class comment). Answers the offset in use.
   */
  public Future<Duration> sync(Pool pool, LockOwnerStore store) {
    return pool.withConnection(connection -> sample(connection, store, SAMPLES, null))
        .map(best -> adopt(best.roundTrip(), best.offset()));
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

  /**
   * Takes a measurement (an offset and the round trip that measured it) if it is as good as the one
   * in use, and answers the offset in use.
   */
  Duration adopt(Duration roundTrip, Duration offset) {
    Instant now = local.instant();
    Duration error = roundTrip.dividedBy(2);
    Measurement current = inUse;
    if (current == null || error.compareTo(current.errorAt(now)) <= 0) {
      inUse = new Measurement(offset, error, now);
    }
    return offset();
  }

  /**
   * The error of the offset in use now: half the round trip that measured it plus the drift since
   * (zero before the first measurement). Two nodes' times agree to within the sum of their errors.
   */
  public Duration error() {
    Measurement current = inUse;
    return current == null ? Duration.ZERO : current.errorAt(local.instant());
  }

  /** The offset in use: the database's clock minus the node's own. */
  public Duration offset() {
    Measurement current = inUse;
    return current == null ? Duration.ZERO : current.offset();
  }

  /**
   * Microsecond precision, as PostgreSQL keeps it, so a time reads back as it was written; never
   * before a time this clock answered, unless by a step (see the class comment).
   */
  @Override
  public Instant instant() {
    Instant corrected = local.instant().plus(offset());
    long micros = corrected.getEpochSecond() * 1_000_000 + corrected.getNano() / 1_000;
    long answer =
        lastMicros.accumulateAndGet(
            micros, (last, next) -> next >= last || last - next >= STEP_MICROS ? next : last);
    return Instant.EPOCH.plus(answer, ChronoUnit.MICROS);
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
