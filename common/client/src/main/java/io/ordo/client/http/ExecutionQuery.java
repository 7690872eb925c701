package io.ordo.client.http;

import java.time.Instant;
import java.util.List;

/**
 * Which executions to list across state machines ({@code GET /executions}).
 *
 * @param statuses RUNNING, SUCCEEDED, FAILED, TIMED_OUT, ABORTED; empty: all
 * @param stateMachine only this state machine's; null: all
 * @param since executions started or stopped at or after this time; null: no bound
 * @param until executions started or stopped before this time; null: no bound
 * @param limit the most executions per page (1 to 1000)
 * @param nextPageToken the {@link ExecutionPage#nextPageToken()} of the page before; null first
 */
public record ExecutionQuery(
    List<String> statuses,
    String stateMachine,
    Instant since,
    Instant until,
    int limit,
    String nextPageToken) {
  /** Checks the page size and keeps an unmodifiable copy of the statuses. */
  public ExecutionQuery {
    statuses = statuses == null ? List.of() : List.copyOf(statuses);
    if (limit < 1 || limit > 1000) {
      throw new IllegalArgumentException("limit must be 1 to 1000, got " + limit);
    }
  }

  /** Every execution, newest first, the default page size. */
  public static ExecutionQuery all() {
    return new ExecutionQuery(List.of(), null, null, null, TaskQuery.DEFAULT_LIMIT, null);
  }

  public ExecutionQuery status(String... wanted) {
    return new ExecutionQuery(
        HttpTaskManager.requiredEach(wanted, "status"),
        stateMachine,
        since,
        until,
        limit,
        nextPageToken);
  }

  public ExecutionQuery stateMachine(String name) {
    return new ExecutionQuery(statuses, name, since, until, limit, nextPageToken);
  }

  public ExecutionQuery between(Instant from, Instant to) {
    return new ExecutionQuery(statuses, stateMachine, from, to, limit, nextPageToken);
  }

  public ExecutionQuery limit(int size) {
    return new ExecutionQuery(statuses, stateMachine, since, until, size, nextPageToken);
  }

  /** The page after {@code page}, with this query's conditions. */
  public ExecutionQuery next(ExecutionPage page) {
    HttpTaskManager.required(page, "page");
    return new ExecutionQuery(statuses, stateMachine, since, until, limit, page.nextPageToken());
  }
}
