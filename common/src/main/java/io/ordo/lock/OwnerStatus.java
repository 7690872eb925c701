package io.ordo.lock;

import java.util.List;

/**
 * What a lock owner reports about itself with its lease (a runner: GET /api/v1/runners), beyond
 * what the queue service can see in its own tables.
 *
 * @param maxThreads the most tasks it runs at once ({@code task-runner.max-threads})
 * @param busy tasks in their lifecycle on it now (holding a thread's slot)
 * @param taskTypes the task class names it can run (besides scripts, which every runner runs)
 * @param version the Ordo version it runs
 * @param capacity how many messages it takes at once now: its threads plus the prefetch room its
 *     tasks' pace allows (the {@code NO_CAPACITY} blocked reason compares it with what it holds)
 */
public record OwnerStatus(
    int maxThreads, int busy, List<String> taskTypes, String version, int capacity) {}
