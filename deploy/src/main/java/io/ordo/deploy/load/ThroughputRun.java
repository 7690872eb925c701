package io.ordo.deploy.load;

import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.core.json.JsonObject;

/**
 * Throughput of the parallel queue: registers {@code count} no-op {@code Echo} tasks with at most
 * {@code concurrency} registrations in flight, waits until the parallel queue is empty again, then
 * reads every message's history to check that each one was disposed with {@code TaskCompleted}.
 *
 * <p>Figures: registrations per second (client: first request sent → last answer); end-to-end tasks
 * per second (server: first {@code TaskScheduled} → last {@code TaskCompleted}); processing tasks
 * per second (first {@code TaskAccepted} → last {@code TaskCompleted}). With {@code --preload} the
 * queue is made inactive while registering and active afterwards, so the processing figure is the
 * runners' pure throughput, apart from registration.
 *
 * <p>The parallel queue should be empty and idle at the start; other work in it would be waited for
 * and would slow the figures.
 */
final class ThroughputRun {
  private final Vertx vertx;
  private final OrdoHttp http;
  private final LoadOptions options;
  private final Report report;

  ThroughputRun(Vertx vertx, OrdoHttp http, LoadOptions options) {
    this.vertx = vertx;
    this.http = http;
    this.options = options;
    this.report =
        new Report(
            "throughput: "
                + options.count()
                + " Echo tasks, concurrency "
                + options.concurrency()
                + (options.preload() ? ", preloaded" : ""));
    report
        .figures()
        .put("mode", "throughput")
        .put("count", options.count())
        .put("concurrency", options.concurrency())
        .put("preload", options.preload());
  }

  /**
   * The node's metrics are read before and right after the queue drains, so the per-task node
   * figures leave out the history reads of the check.
   */
  Future<Report> run() {
    return NodeMetrics.read(http)
        .compose(
            before ->
                prepare()
                    .compose(v -> register())
                    .compose(
                        registrations ->
                            drain()
                                .compose(v -> NodeMetrics.read(http))
                                .map(after -> after.since(before, options.count()))
                                .compose(node -> check(registrations, node))));
  }

  private Future<Void> prepare() {
    return outstanding()
        .compose(
            count -> {
              if (count > 0) {
                System.err.println("warning: the parallel queue already holds " + count + " tasks");
              }
              return http.setParallelActive(!options.preload());
            });
  }

  private Future<Registrations> register() {
    BoundedParallel registering = new BoundedParallel();
    Progress progress = Progress.every(vertx, "registered", registering::done, options.count());
    long start = System.nanoTime();
    return registering
        .run(options.count(), options.concurrency(), i -> http.registerParallel(echo(i)))
        .map(results -> new Registrations(results, System.nanoTime() - start))
        .andThen(done -> progress.close())
        .map(
            registrations -> {
              registrations.describeInto(report);
              return registrations;
            });
  }

  /** Activates the queue if it was preloaded, then waits until it is empty. */
  private Future<Void> drain() {
    Future<Void> activated =
        options.preload() ? http.setParallelActive(true) : Future.succeededFuture();
    return activated
        .compose(v -> new DrainWaiter(vertx, options.stallSeconds()).await(this::outstanding))
        .mapEmpty();
  }

  /** Reads every message's history and checks that each one completed. */
  private Future<Report> check(Registrations registrations, JsonObject node) {
    return new HistoryReader(http, options.concurrency())
        .read(registrations.messageIds())
        .map(
            timelines -> {
              if (options.timeline() != null) {
                TimelineCsv.write(options.timeline(), timelines);
              }
              new CompletionCheck(timelines).describeInto(report);
              report.line("node", node.encode());
              report.figures().put("node", node);
              return report;
            });
  }

  private Future<Long> outstanding() {
    return http.parallelQueue()
        .map(q -> q.getLong("waitingCount", 0L) + q.getLong("runningCount", 0L));
  }

  private static JsonObject echo(int index) {
    return new JsonObject()
        .put("taskClassName", "Echo")
        .put("parameter", new JsonObject().put("i", index));
  }
}
