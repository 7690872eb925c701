package io.ordo.runner;

import io.ordo.batch.Batcher;
import io.ordo.batch.Batcher.Pending;
import io.ordo.bus.Addresses;
import io.ordo.bus.QueueServiceContact;
import io.ordo.bus.ReportBatch;
import io.ordo.bus.ReportBatch.Result;
import io.ordo.bus.Requests;
import io.ordo.bus.TaskReport;
import io.vertx.core.Context;
import io.vertx.core.Future;
import io.vertx.core.Promise;
import io.vertx.core.Vertx;
import io.vertx.core.eventbus.DeliveryOptions;
import java.time.Duration;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Sends a runner's reports to the queue service in batches (one event-bus request, one transaction
 * for many tasks). A batch that cannot be delivered (queue service restarting, no answer) is sent
 * again with back-off until it is answered: reports are never dropped, and repeating one is safe.
 * One batch is in flight at a time, and the queue service applies a batch's starts before its other
 * reports (or, if the database refuses what one of them carries, each report alone in the batch's
 * order), so a task's reports are applied in the order it submitted them.
 */
final class Reporter {
  private static final Logger LOG = LoggerFactory.getLogger(Reporter.class);
  private static final long MAX_REPLY_TIMEOUT_MS = 30_000;
  private static final long MIN_REPLY_TIMEOUT_MS = 1_000;
  private static final long MAX_BACKOFF_MS = 5_000;

  private final Vertx vertx;
  private final String node;
  // One batch in flight for every kind of report: the starts of new tasks go with the outcomes of
  // earlier ones, one request and one transaction. (Starts had a batch of their own while a task
  // held its slot until its start was recorded; with nobody waiting on them, one commit for both
  // drained 16-22 % faster in an A/B run.)
  private final Batcher<TaskReport, Result> reports;
  private final QueueServiceContact contact;
  private final long replyTimeoutMs;
  private volatile boolean closed;

  /**
   * @param lease the lock lease: a batch unanswered for a third of it is sent again ({@link
   *     #replyTimeoutMs(Duration)})
   */
  Reporter(Vertx vertx, Context context, String node, QueueServiceContact contact, Duration lease) {
    this.vertx = vertx;
    this.node = node;
    this.contact = contact;
    this.replyTimeoutMs = replyTimeoutMs(lease);
    this.reports = new Batcher<>(context, 512, 1, this::send);
  }

  /**
   * How long a batch waits for its answer before it is sent again: a third of the lease (at least a
   * second, at most 30 s). The event bus sends each attempt to the next queue service in turn, so
   * with a queue service that takes requests but does not answer (paused, its host hung: until
   * Hazelcast drops it, a minute) the batch reaches another one within the lease. A start must, as
   * a message claimed and not started within a lease goes back to its queue as rejected and runs
   * again (OrphanSweep); with the former fixed 30 s against the 30 s lease, every batch that went
   * to such a queue service cost its tasks' runs.
   */
  static long replyTimeoutMs(Duration lease) {
    return Math.max(MIN_REPLY_TIMEOUT_MS, Math.min(MAX_REPLY_TIMEOUT_MS, lease.toMillis() / 3));
  }

  /** Reports a transition; completes with the queue service's answer. */
  Future<Result> report(TaskReport report) {
    return reports.submit(report);
  }

  /** Whether every report sent has been answered (call on the runner's context). */
  boolean idle() {
    return reports.idle();
  }

  void close() {
    closed = true;
  }

  private Future<Void> send(List<Pending<TaskReport, Result>> batch) {
    ReportBatch request = new ReportBatch(node, batch.stream().map(Pending::item).toList());
    Promise<Void> done = Promise.promise();
    attempt(request, batch, 1, 100, done);
    return done.future();
  }

  private void attempt(
      ReportBatch request,
      List<Pending<TaskReport, Result>> batch,
      int attempt,
      long backoff,
      Promise<Void> done) {
    // a batch that could not be sent is retried like an unanswered one
    Requests.<ReportBatch.Answer>request(
            vertx.eventBus(),
            Addresses.QUEUE_REPORT,
            request,
            new DeliveryOptions().setSendTimeout(replyTimeoutMs))
        .onSuccess(
            reply -> {
              contact.answered();
              List<Result> results = reply.body().results();
              for (int i = 0; i < batch.size(); i++) {
                batch.get(i).promise().tryComplete(results.get(i));
              }
              done.tryComplete();
            })
        .onFailure(
            error -> {
              contact.failed(error, System.nanoTime());
              if (closed && attempt > 3) {
                done.tryFail(error);
                return;
              }
              LOG.warn(
                  "Reporting {} transitions failed (attempt {}): {}; retrying in {} ms",
                  batch.size(),
                  attempt,
                  error.getMessage(),
                  backoff);
              vertx.setTimer(
                  backoff,
                  id ->
                      attempt(
                          request,
                          batch,
                          attempt + 1,
                          Math.min(backoff * 2, MAX_BACKOFF_MS),
                          done));
            });
  }
}
