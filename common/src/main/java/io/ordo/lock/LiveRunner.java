package io.ordo.lock;

import java.time.Instant;
import java.util.List;

/**
 * A runner whose lease is live, as it last reported itself.
 *
 * @param ownerId its lock owner id (fresh for every start, and after a lost lease)
 * @param node its node name
 * @param maxThreads the most tasks it runs at once; null if it never reported (an older runner)
 * @param busy tasks in their lifecycle on it at its last renewal; null if it never reported
 * @param capacity the messages it took at once at its last renewal: its threads plus the prefetch
 *     room its tasks' pace allowed
 * @param taskTypes the task class names it can run
 * @param version the Ordo version it runs; null if it never reported
 * @param startedAt when it registered its lease
 * @param renewedAt its last renewal (or registration)
 * @param leaseExpiresAt when its lease lapses unless renewed
 */
public record LiveRunner(
    String ownerId,
    String node,
    Integer maxThreads,
    Integer busy,
    int capacity,
    List<String> taskTypes,
    String version,
    Instant startedAt,
    Instant renewedAt,
    Instant leaseExpiresAt) {}
