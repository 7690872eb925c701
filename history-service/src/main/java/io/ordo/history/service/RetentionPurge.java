package io.ordo.history.service;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import io.ordo.config.OrdoConfig.HistoryOptions;
import io.ordo.history.HistoryStore;
import io.ordo.history.HistoryStore.Purged;
import io.vertx.core.Future;
import io.vertx.sqlclient.SqlClient;
import java.time.Clock;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Purges closed histories once their tenant's retention has passed (SPEC 5: days, default 30, at
 * most 90, 0 = at once). Open executions are never purged. Any number of history services may run
 * it at once; each purge skips rows another one holds.
 */
public final class RetentionPurge {
  private static final Logger LOG = LoggerFactory.getLogger(RetentionPurge.class);
  static final int BATCH = 1000;

  private final SqlClient client;
  private final HistoryStore store;
  private final HistoryOptions options;
  private final Clock clock;
  private final Counter histories;
  private final Counter events;

  public RetentionPurge(
      SqlClient client,
      HistoryStore store,
      HistoryOptions options,
      Clock clock,
      MeterRegistry meters) {
    this.client = client;
    this.store = store;
    this.options = options;
    this.clock = clock;
    this.histories =
        Counter.builder("ordo.history.purged.histories")
            .description("Closed histories purged after their retention")
            .register(meters);
    this.events =
        Counter.builder("ordo.history.purged.events")
            .description("History events purged with their histories")
            .register(meters);
  }

  /** Purges everything due now, a batch at a time; answers how many histories went. */
  public Future<Integer> run() {
    return purgeFrom(0);
  }

  private Future<Integer> purgeFrom(int soFar) {
    return store
        .purge(
            client, clock.instant(), options.retentionDays(), options.defaultRetentionDays(), BATCH)
        .compose(
            purged -> {
              record(purged);
              int total = soFar + purged.histories();
              return purged.histories() == BATCH ? purgeFrom(total) : Future.succeededFuture(total);
            })
        .onSuccess(
            total -> {
              if (total > 0) {
                LOG.info("Purged {} closed histories past their retention", total);
              }
            });
  }

  private void record(Purged purged) {
    histories.increment(purged.histories());
    events.increment(purged.events());
  }
}
