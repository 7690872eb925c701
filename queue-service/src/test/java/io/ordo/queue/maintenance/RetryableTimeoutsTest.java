package io.ordo.queue.maintenance;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.ordo.queue.lifecycle.QueueMetrics;
import io.ordo.queue.store.WaitingRows;
import io.vertx.core.Future;
import io.vertx.junit5.VertxTestContext;
import io.vertx.sqlclient.Row;
import io.vertx.sqlclient.RowSet;
import io.vertx.sqlclient.Tuple;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * More runs with a retry policy time out at once than one sweep round takes: each is retried, in
 * this round or the next, and none is taken out without its policy being asked. (The round's delete
 * took up to a batch of every timed-out message, so the runs beyond the batch its retry step had
 * locked ended TIMED_OUT with their attempts left.)
 */
class RetryableTimeoutsTest extends OnEmptiedDatabase {

  RetryableTimeoutsTest() {
    super(4);
  }

  @Test
  void threeRetryableRunsTimedOut_withABatchOfTwo_areAllRetried_noneEnded(VertxTestContext ctx) {
    TimeoutSweep sweep = new TimeoutSweep(pool, vertx.eventBus(), QueueMetrics.NOOP, 2);
    List<String> afterFirst = new ArrayList<>();
    WaitingRows.serial(pool, "t", TYPE, 3, 1, NOW.minusSeconds(60))
        .compose(v -> runsTimedOut())
        .compose(v -> sweep.sweep(NOW))
        .compose(v -> states())
        .compose(
            first -> {
              afterFirst.addAll(first);
              return sweep.sweep(NOW);
            })
        .compose(v -> states())
        .onComplete(
            ctx.succeeding(
                afterSecond ->
                    ctx.verify(
                        () -> {
                          assertEquals(
                              List.of("RUNNING", "WAITING", "WAITING"),
                              afterFirst,
                              "two retried, the third left for the next round");
                          assertEquals(List.of("WAITING", "WAITING", "WAITING"), afterSecond);
                          ctx.completeNow();
                        })));
  }

  /** Every message runs, with a retry policy of 3 attempts, past its START_TO_CLOSE deadline. */
  private Future<Void> runsTimedOut() {
    return pool.preparedQuery(
            "UPDATE im_async_task_info SET state = 'RUNNING',"
                + " lock_owner_id = gen_random_uuid(), lock_version = 1, start_at = $1,"
                + " start_to_close_deadline = $2, retry = '{\"maximumAttempts\": 3}'::jsonb")
        .execute(
            Tuple.of(
                NOW.minusSeconds(30).atOffset(ZoneOffset.UTC),
                NOW.minusSeconds(1).atOffset(ZoneOffset.UTC)))
        .mapEmpty();
  }

  /** The messages' states, sorted (a message taken out is missing). */
  private Future<List<String>> states() {
    return pool.query("SELECT state FROM im_async_task_info ORDER BY state")
        .execute()
        .map(RetryableTimeoutsTest::column);
  }

  private static List<String> column(RowSet<Row> rows) {
    List<String> states = new ArrayList<>();
    rows.forEach(row -> states.add(row.getString(0)));
    return states;
  }
}
