package io.ordo.queue.lifecycle;

import io.ordo.model.QueueKind;
import io.ordo.queue.store.QueueStore;
import io.ordo.queue.store.QueueStore.TailRequest;
import io.vertx.core.Future;
import io.vertx.sqlclient.SqlClient;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Hands out positions in front of queue heads for messages going back (re-entry, rejection, crash
 * recovery): one reservation per queue for the whole batch, in the order the messages are given.
 */
public final class HeadPositions {
  private final QueueStore queues;

  public HeadPositions(QueueStore queues) {
    this.queues = queues;
  }

  /** A queue's key. */
  public record Key(String tenant, QueueKind kind, String queueId) {}

  /** One head position per key given, aligned with {@code keys}. */
  public Future<List<Long>> reserve(SqlClient tx, List<Key> keys) {
    if (keys.isEmpty()) {
      return Future.succeededFuture(List.of());
    }
    Map<Key, List<Integer>> byQueue = new LinkedHashMap<>();
    for (int i = 0; i < keys.size(); i++) {
      byQueue.computeIfAbsent(keys.get(i), k -> new ArrayList<>()).add(i);
    }
    List<TailRequest> requests = new ArrayList<>();
    byQueue.forEach(
        (key, members) ->
            requests.add(new TailRequest(key.tenant(), key.kind(), key.queueId(), members.size())));
    return queues
        .reserveHead(tx, requests)
        .map(
            heads -> {
              Long[] positions = new Long[keys.size()];
              int queue = 0;
              for (List<Integer> members : byQueue.values()) {
                Long head = heads.get(queue++);
                for (int m = 0; m < members.size(); m++) {
                  positions[members.get(m)] = head == null ? 0L : head + m;
                }
              }
              return List.of(positions);
            });
  }
}
