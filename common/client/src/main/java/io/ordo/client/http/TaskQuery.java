package io.ordo.client.http;

import java.time.Instant;
import java.util.List;

/**
 * Which tasks to list ({@code GET /tasks}); every condition is optional and they combine with AND.
 * Start from {@link #all()} and narrow it: {@code
 * TaskQuery.all().status("FAILED").between(anHourAgo, null)}.
 *
 * @param statuses WAITING, RUNNING, COMPLETED, FAILED, TIMED_OUT, RELEASED, STOPPED, REMOVED,
 *     LEASE_EXPIRED; empty: all
 * @param queue {@code parallel} or {@code serial}; null: both
 * @param queueId a serial queue's id; null: any
 * @param taskClassName a task type's class name; null: any
 * @param jsPath a JavaScript task's script; null: any
 * @param executionId the state-machine execution that scheduled the tasks; null: any
 * @param since tasks received or ended at or after this time; null: no bound
 * @param until tasks received or ended before this time; null: no bound
 * @param limit the most tasks per page (1 to 1000)
 * @param nextPageToken the {@link TaskPage#nextPageToken()} of the page before; null for the first
 */
public record TaskQuery(
    List<String> statuses,
    String queue,
    String queueId,
    String taskClassName,
    String jsPath,
    String executionId,
    Instant since,
    Instant until,
    int limit,
    String nextPageToken) {
  /** The API's default page size. */
  public static final int DEFAULT_LIMIT = 100;

  /** Checks the page size and keeps an unmodifiable copy of the statuses. */
  public TaskQuery {
    statuses = statuses == null ? List.of() : List.copyOf(statuses);
    if (limit < 1 || limit > 1000) {
      throw new IllegalArgumentException("limit must be 1 to 1000, got " + limit);
    }
  }

  /** Every task, newest first, the default page size. */
  public static TaskQuery all() {
    return new TaskQuery(List.of(), null, null, null, null, null, null, null, DEFAULT_LIMIT, null);
  }

  public TaskQuery status(String... wanted) {
    return new TaskQuery(
        HttpTaskManager.requiredEach(wanted, "status"),
        queue,
        queueId,
        taskClassName,
        jsPath,
        executionId,
        since,
        until,
        limit,
        nextPageToken);
  }

  public TaskQuery queue(String kind, String serialQueueId) {
    return new TaskQuery(
        statuses,
        kind,
        serialQueueId,
        taskClassName,
        jsPath,
        executionId,
        since,
        until,
        limit,
        nextPageToken);
  }

  public TaskQuery taskClassName(String name) {
    return new TaskQuery(
        statuses, queue, queueId, name, jsPath, executionId, since, until, limit, nextPageToken);
  }

  public TaskQuery jsPath(String path) {
    return new TaskQuery(
        statuses,
        queue,
        queueId,
        taskClassName,
        path,
        executionId,
        since,
        until,
        limit,
        nextPageToken);
  }

  public TaskQuery executionId(String id) {
    return new TaskQuery(
        statuses, queue, queueId, taskClassName, jsPath, id, since, until, limit, nextPageToken);
  }

  public TaskQuery between(Instant from, Instant to) {
    return new TaskQuery(
        statuses,
        queue,
        queueId,
        taskClassName,
        jsPath,
        executionId,
        from,
        to,
        limit,
        nextPageToken);
  }

  public TaskQuery limit(int size) {
    return new TaskQuery(
        statuses,
        queue,
        queueId,
        taskClassName,
        jsPath,
        executionId,
        since,
        until,
        size,
        nextPageToken);
  }

  /** The page after {@code page}, with this query's conditions. */
  public TaskQuery next(TaskPage page) {
    HttpTaskManager.required(page, "page");
    return new TaskQuery(
        statuses,
        queue,
        queueId,
        taskClassName,
        jsPath,
        executionId,
        since,
        until,
        limit,
        page.nextPageToken());
  }
}
