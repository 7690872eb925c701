package io.ordo.lock;

import java.time.Instant;

/**
 * A lock owner as stored: a runner or queue-service instance holding a lease on the database's
 * clock.
 *
 * @param ownerId the owner's id, fresh for every start of a node
 * @param nodeName the node's name
 * @param kind {@code runner} or {@code queue}
 * @param capacity the most tasks a runner runs at once (its max-threads); 0 for others
 * @param leaseExpiresAt when the lease lapses unless renewed
 */
public record LockOwner(
    String ownerId, String nodeName, String kind, int capacity, Instant leaseExpiresAt) {
  public static final String RUNNER = "runner";
  public static final String QUEUE = "queue";
}
