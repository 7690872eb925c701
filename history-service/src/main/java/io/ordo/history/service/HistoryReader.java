package io.ordo.history.service;

import io.ordo.ErrorCode;
import io.ordo.TaskControlException;
import io.ordo.db.TokenSigner;
import io.ordo.history.HistoryEvent;
import io.ordo.history.HistoryStore;
import io.vertx.core.Future;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import io.vertx.sqlclient.SqlClient;
import java.util.List;

/**
 * Reads histories a page at a time (SPEC 5): oldest first or, with {@code reverseOrder}, newest
 * first; pages of {@code maximumPageSize} (default 100, at most 1000) with an opaque {@code
 * nextPageToken}, null on the last page.
 */
public final class HistoryReader {
  public static final int DEFAULT_PAGE_SIZE = 100;
  public static final int MAX_PAGE_SIZE = 1000;

  private final SqlClient client;
  private final HistoryStore store;
  private final TokenSigner pageTokens;

  /**
   * @param pageTokens signs and checks page tokens (a key every node of the farm shares)
   */
  public HistoryReader(SqlClient client, HistoryStore store, TokenSigner pageTokens) {
    this.client = client;
    this.store = store;
    this.pageTokens = pageTokens;
  }

  /** A page as {@code {events[], nextPageToken}}; fails with not_found for an unknown history. */
  public Future<JsonObject> page(
      String tenant, String executionId, boolean reverse, int pageSize, String nextPageToken) {
    if (pageSize < 1 || pageSize > MAX_PAGE_SIZE) {
      return Future.failedFuture(
          new TaskControlException(
              ErrorCode.INVALID_REQUEST, "maximumPageSize must be 1 to " + MAX_PAGE_SIZE));
    }
    PageToken token;
    try {
      token =
          nextPageToken == null
              ? null
              : PageToken.decode(pageTokens, nextPageToken, executionId, reverse);
    } catch (TaskControlException e) {
      return Future.failedFuture(e);
    }
    long boundary = token != null ? token.boundary() : reverse ? Long.MAX_VALUE : 0;
    return header(tenant, executionId)
        .compose(header -> store.page(client, tenant, executionId, reverse, boundary, pageSize + 1))
        .map(events -> render(executionId, reverse, pageSize, events));
  }

  /**
   * Events after {@code afterEventId} (for live tails), with whether the history is still open;
   * fails with not_found for an unknown history.
   */
  public Future<JsonObject> after(String tenant, String executionId, long afterEventId, int max) {
    return header(tenant, executionId)
        .compose(
            header -> {
              boolean open = header.open();
              return store
                  .page(client, tenant, executionId, false, afterEventId, max)
                  .map(
                      events -> {
                        JsonArray json = new JsonArray();
                        events.forEach(event -> json.add(event.toJson()));
                        return new JsonObject()
                            .put("events", json)
                            .put("open", open)
                            .put("lastEventId", header.lastEventId());
                      });
            });
  }

  /** The history's header; not_found if the tenant has no such history. */
  private Future<HistoryStore.Header> header(String tenant, String executionId) {
    return store
        .header(client, tenant, executionId)
        .compose(
            header ->
                header
                    .map(Future::succeededFuture)
                    .orElseGet(
                        () ->
                            Future.failedFuture(
                                new TaskControlException(
                                    ErrorCode.NOT_FOUND,
                                    "no history " + executionId,
                                    new JsonObject().put("executionId", executionId)))));
  }

  private JsonObject render(
      String executionId, boolean reverse, int pageSize, List<HistoryEvent> events) {
    boolean more = events.size() > pageSize;
    List<HistoryEvent> page = more ? events.subList(0, pageSize) : events;
    JsonArray json = new JsonArray();
    page.forEach(event -> json.add(event.toJson()));
    String next =
        more
            ? new PageToken(executionId, reverse, page.get(page.size() - 1).eventId())
                .encode(pageTokens)
            : null;
    return new JsonObject().put("events", json).put("nextPageToken", next);
  }
}
