package io.ordo.queue.store;

import io.ordo.model.QueueKind;
import io.ordo.queue.store.QueueStore.TailRequest;
import io.vertx.core.Future;
import io.vertx.sqlclient.SqlConnection;
import java.time.Instant;
import java.util.List;

/** A registration's lock on a serial queue's row, taken the way a registration takes it. */
public final class TailLocks {
  private TailLocks() {}

  /**
   * Reserves one position at the queue's tail in the connection's transaction (locking its row).
   */
  public static Future<Void> reserveOne(
      SqlConnection tx, String tenant, String queueId, Instant now) {
    return new QueueStore()
        .reserveTail(tx, List.of(new TailRequest(tenant, QueueKind.SERIAL, queueId, 1)), now)
        .mapEmpty();
  }
}
