package io.ordo.bus;

import io.vertx.core.Future;
import io.vertx.core.eventbus.ReplyException;
import io.vertx.core.eventbus.ReplyFailure;
import java.time.Duration;

/**
 * Whether a node without a queue service of its own (a runner, a history service) is in a cluster
 * with one: its requests to a queue service fail with "no handlers" when none is. A node that
 * started before any queue service was reachable, or whose queue services were all gone at once,
 * can stay in a Hazelcast cluster of its own after they come back (Hazelcast does not merge it back
 * usably), and only a restart puts it in theirs. After {@code limit} of nothing but such failures
 * the node's liveness check fails, so that an orchestrator restarts it; one answered request, or
 * one that reached a queue service and failed otherwise, clears it. Thread-safe.
 */
public final class QueueServiceContact {
  private final Duration limit;
  // System.nanoTime() of the first "no handlers" failure since the last contact; Long.MIN_VALUE
  // while in contact
  private volatile long unreachableSince = Long.MIN_VALUE;

  public QueueServiceContact(Duration limit) {
    this.limit = limit;
  }

  /**
   * The limit every node without a queue service uses: two leases, longer than a queue service's
   * restart or a cluster's re-forming.
   */
  public static QueueServiceContact forLease(Duration lease) {
    return new QueueServiceContact(lease.multipliedBy(2));
  }

  /** A request reached a queue service and was answered. */
  public void answered() {
    unreachableSince = Long.MIN_VALUE;
  }

  /** A request to a queue service failed at {@code now} (System.nanoTime()). */
  public void failed(Throwable cause, long now) {
    if (cause instanceof ReplyException reply && reply.failureType() == ReplyFailure.NO_HANDLERS) {
      if (unreachableSince == Long.MIN_VALUE) {
        unreachableSince = now;
      }
    } else {
      // a queue service received it (a timeout, a refusal): it is there
      unreachableSince = Long.MIN_VALUE;
    }
  }

  /** The liveness check at {@code now}: fails once no queue service was reachable for the limit. */
  public Future<Void> check(long now) {
    long since = unreachableSince;
    if (since != Long.MIN_VALUE && now - since >= limit.toNanos()) {
      return Future.failedFuture(
          "no queue service has been reachable over the event bus for "
              + Duration.ofNanos(now - since).toSeconds()
              + " s: this node is not in the queue services' cluster; restart it");
    }
    return Future.succeededFuture();
  }
}
