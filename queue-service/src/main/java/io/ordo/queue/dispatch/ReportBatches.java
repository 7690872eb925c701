package io.ordo.queue.dispatch;

import io.ordo.bus.ReportBatch.Result;
import io.ordo.bus.ReportType;
import io.ordo.bus.TaskReport;
import io.ordo.db.Transactions;
import io.ordo.queue.lifecycle.Transition;
import io.vertx.core.Future;
import io.vertx.pgclient.PgException;
import io.vertx.sqlclient.Pool;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Consumer;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Applies a runner's report batch: in one transaction (starts alone: in one statement), its
 * transition announced once committed. A batch PostgreSQL refuses for what one of its reports
 * carries ({@link RefusedReport#forItsData}) is applied again one report at a time, in order, so
 * that the others are applied; a report refused alone is applied in its plainest form ({@link
 * RefusedReport#plainest}), and answered {@link Result#REFUSED} if it has none or that is refused
 * too. (Before, the batch failed as a whole, its runner sent it again for good, and nothing that
 * runner ran was reported again.) Any other failure fails the batch, and the runner sends it again;
 * in the one-at-a-time path the reports applied before such a failure stay applied, and their
 * repetition is answered as a repeated report is ({@code APPLIED} for a start, {@code LOST} for an
 * outcome whose message is gone).
 */
final class ReportBatches {
  private static final Logger LOG = LoggerFactory.getLogger(ReportBatches.class);

  private final Pool pool;
  private final ReportApplier applier;
  private final Consumer<Transition> announce;

  ReportBatches(Pool pool, ReportApplier applier, Consumer<Transition> announce) {
    this.pool = pool;
    this.applier = applier;
    this.announce = announce;
  }

  /** Applies a runner's reports; answers one result per report, in order. */
  Future<List<Result>> apply(String node, List<TaskReport> reports) {
    return together(node, reports)
        .recover(
            error ->
                whenRefused(
                    error,
                    () -> {
                      if (reports.size() == 1) {
                        return alone(node, reports.get(0), error).map(List::of);
                      }
                      LOG.warn(
                          "A batch of {} reports from {} was refused ({}); applying them one at a"
                              + " time",
                          reports.size(),
                          node,
                          error.getMessage());
                      return oneAtATime(node, reports);
                    }));
  }

  private Future<List<Result>> together(String node, List<TaskReport> reports) {
    boolean startsOnly = reports.stream().allMatch(r -> r.type() == ReportType.STARTED);
    return (startsOnly
            ? applier.applyStarts(pool, node, reports)
            : Transactions.withRetry(pool, tx -> applier.apply(tx, node, reports)))
        .map(
            outcome -> {
              announce.accept(outcome.transition());
              return List.of(outcome.results());
            });
  }

  /** One report in a transaction of its own. */
  private Future<Result> single(String node, TaskReport report) {
    return together(node, List.of(report)).map(one -> one.get(0));
  }

  private Future<List<Result>> oneAtATime(String node, List<TaskReport> reports) {
    List<Result> results = new ArrayList<>(reports.size());
    Future<Void> applied = Future.succeededFuture();
    for (TaskReport report : reports) {
      applied =
          applied.compose(
              v ->
                  single(node, report)
                      .recover(error -> whenRefused(error, () -> alone(node, report, error)))
                      .map(
                          result -> {
                            results.add(result);
                            return null;
                          }));
    }
    return applied.map(v -> results);
  }

  /** A report refused on its own: its plainest form instead, or REFUSED. */
  private Future<Result> alone(String node, TaskReport report, Throwable refusal) {
    String sqlState = ((PgException) refusal).getSqlState();
    Optional<TaskReport> plainest = RefusedReport.plainest(report, sqlState);
    LOG.error(
        "The {} report of {} (tenant {}) was refused ({}); {}",
        report.type(),
        report.messageId(),
        report.tenant(),
        refusal.getMessage(),
        plainest.isPresent() ? "applying it without its data" : "it is not applied");
    if (plainest.isEmpty()) {
      return Future.succeededFuture(Result.REFUSED);
    }
    return single(node, plainest.get())
        .recover(
            error ->
                whenRefused(
                    error,
                    () -> {
                      LOG.error(
                          "The plainest form of {}'s report was refused too ({}); it is not"
                              + " applied",
                          report.messageId(),
                          error.getMessage());
                      return Future.succeededFuture(Result.REFUSED);
                    }));
  }

  /** What follows a refusal of a report's data; any other failure fails on as it is. */
  private static <T> Future<T> whenRefused(Throwable error, Supplier<Future<T>> next) {
    return RefusedReport.forItsData(error) ? next.get() : Future.failedFuture(error);
  }
}
