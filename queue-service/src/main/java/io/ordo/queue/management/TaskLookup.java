package io.ordo.queue.management;

import io.ordo.history.HistoryStore;
import io.ordo.model.MessageIds;
import io.ordo.model.TaskInfo;
import io.ordo.queue.store.TaskStore;
import io.vertx.core.Future;
import io.vertx.sqlclient.SqlClient;
import java.util.Optional;
import java.util.UUID;

/**
 * Finds a message's task info: from the task table while it is queued or in progress, from its
 * closed history once it is disposed (for as long as the history is retained).
 */
public final class TaskLookup {
  private final TaskStore tasks;
  private final HistoryStore history;

  public TaskLookup(TaskStore tasks, HistoryStore history) {
    this.tasks = tasks;
    this.history = history;
  }

  public Future<Optional<TaskInfo>> find(SqlClient client, String tenant, String messageId) {
    UUID id = MessageIds.parseOrNull(messageId);
    if (id == null) {
      return Future.succeededFuture(Optional.empty());
    }
    return tasks
        .find(client, tenant, id)
        .compose(
            live ->
                live.isPresent()
                    ? Future.succeededFuture(live)
                    : history.closedTask(client, tenant, messageId));
  }
}
