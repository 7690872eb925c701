package io.ordo.queue.management;

import io.ordo.db.Transactions;
import io.ordo.model.Caller;
import io.ordo.model.Role;
import io.ordo.queue.store.ListCursor;
import io.ordo.queue.store.TaskFilter;
import io.ordo.queue.store.TaskListStore;
import io.vertx.core.Future;
import io.vertx.core.json.JsonObject;
import io.vertx.sqlclient.Pool;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * {@code GET /tasks}: a tenant's live and finished messages, newest received first, a page at a
 * time. Live and finished ones are read in one snapshot and merged; the page's cursor is its last
 * row's (received time, message id), which never change, so paging while tasks end answers every
 * matching message once.
 */
public final class TaskList {
  /** Newest received first; ties by message id, in PostgreSQL's uuid order (its text order). */
  private static final Comparator<JsonObject> NEWEST_FIRST =
      Comparator.<JsonObject, Instant>comparing(row -> Instant.parse(row.getString("receivedTime")))
          .thenComparing(row -> row.getString("messageId"))
          .reversed();

  /**
   * A page of tasks.
   *
   * @param tasks the rows, newest first
   * @param next where the next page starts; null on the last page
   */
  public record Page(List<JsonObject> tasks, ListCursor next) {}

  private final Pool pool;
  private final TaskListStore store;

  public TaskList(Pool pool, TaskListStore store) {
    this.pool = pool;
    this.store = store;
  }

  /**
   * @param after the cursor of the previous page; null for the first
   * @param limit the most rows to answer (1 to 1000)
   */
  public Future<Page> list(Caller caller, TaskFilter filter, ListCursor after, int limit) {
    Access.require(caller, Role.SUBMITTER);
    return Transactions.inOneSnapshot(
        pool,
        tx ->
            store
                .live(tx, caller.tenant(), filter, after, limit + 1)
                .compose(
                    live ->
                        store
                            .finished(tx, caller.tenant(), filter, after, limit + 1)
                            .map(finished -> page(live, finished, limit))));
  }

  private static Page page(List<JsonObject> live, List<JsonObject> finished, int limit) {
    List<JsonObject> all = new ArrayList<>(live.size() + finished.size());
    all.addAll(live);
    all.addAll(finished);
    all.sort(NEWEST_FIRST);
    if (all.size() <= limit) {
      return new Page(all, null);
    }
    List<JsonObject> page = List.copyOf(all.subList(0, limit));
    JsonObject last = page.get(limit - 1);
    return new Page(
        page,
        new ListCursor(Instant.parse(last.getString("receivedTime")), last.getString("messageId")));
  }
}
