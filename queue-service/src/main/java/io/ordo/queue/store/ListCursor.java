package io.ordo.queue.store;

import java.time.Instant;

/**
 * Where the next page of a newest-first list starts: the rows strictly older than (time, id).
 *
 * @param time the sort time of the last row answered (a task's received time, an execution's start)
 * @param id the id of that row (message id, execution id), breaking ties
 */
public record ListCursor(Instant time, String id) {}
