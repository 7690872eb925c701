package io.ordo.deploy.load;

import io.vertx.core.AsyncResult;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.function.Function;
import java.util.stream.Collectors;
import java.util.stream.IntStream;

/**
 * Serial throughput: adds {@code --queues} fresh serial queues, registers {@code --count} tasks of
 * {@code --task} (default {@code Record}; parameter {@code {key: queueId, value: i}}) in each, one
 * after another per queue and the queues side by side, waits until they are empty, reads every
 * history, checks completion and the serial order ({@link SerialOrderCheck}), and removes the
 * queues. Figures as in {@link ThroughputRun}; with {@code --preload} the queues are added inactive
 * and activated once every message is registered.
 */
final class SerialRun {
  private final Vertx vertx;
  private final OrdoHttp http;
  private final LoadOptions options;
  private final List<String> queueIds;
  private final Report report;

  SerialRun(Vertx vertx, OrdoHttp http, LoadOptions options) {
    this.vertx = vertx;
    this.http = http;
    this.options = options;
    String run = Long.toString(System.currentTimeMillis(), 36);
    this.queueIds =
        IntStream.range(0, options.queues()).mapToObj(i -> "load." + run + ".q" + i).toList();
    this.report =
        new Report(
            "serial: "
                + options.queues()
                + " queues × "
                + options.count()
                + " "
                + options.serialTask()
                + " tasks"
                + (options.preload() ? ", preloaded" : ""));
    report
        .figures()
        .put("mode", "serial")
        .put("queues", options.queues())
        .put("countPerQueue", options.count())
        .put("preload", options.preload())
        .put("task", options.serialTask());
  }

  Future<Report> run() {
    int tasks = options.queues() * options.count();
    return NodeMetrics.read(http)
        .compose(
            before ->
                eachQueue(id -> http.addSerialQueue(id, !options.preload()))
                    .compose(v -> register())
                    .compose(
                        perQueue ->
                            drain()
                                .compose(v -> NodeMetrics.read(http))
                                .map(after -> after.since(before, tasks))
                                .compose(node -> check(perQueue, node))))
        .compose(
            checked -> eachQueue(http::removeSerialQueue).otherwise(this::keptQueues).map(checked));
  }

  /** One chain of registrations per queue (so value i is that queue's FIFO position). */
  private Future<List<List<String>>> register() {
    BoundedParallel queues = new BoundedParallel();
    int[] registered = new int[1];
    int total = options.queues() * options.count();
    Progress progress = Progress.every(vertx, "registered", () -> registered[0], total);
    long start = System.nanoTime();
    return queues
        .run(options.queues(), options.queues(), q -> chain(queueIds.get(q), registered))
        .map(results -> results.stream().map(AsyncResult::result).toList())
        .andThen(done -> progress.close())
        .map(
            lists -> {
              List<AsyncResult<OrdoHttp.Registration>> all = new ArrayList<>();
              lists.forEach(all::addAll);
              new Registrations(all, System.nanoTime() - start).describeInto(report);
              return lists.stream().map(Registrations::acceptedIds).toList();
            });
  }

  private Future<List<AsyncResult<OrdoHttp.Registration>>> chain(String queueId, int[] registered) {
    return new BoundedParallel()
        .run(
            options.count(),
            1,
            i -> {
              registered[0]++;
              JsonObject value = new JsonObject().put("key", queueId).put("value", i);
              return http.registerSerial(
                  queueId,
                  new JsonObject()
                      .put("taskClassName", options.serialTask())
                      .put("parameter", value));
            });
  }

  private Future<Void> drain() {
    Future<Void> activated =
        options.preload()
            ? eachQueue(id -> http.setSerialActive(id, true))
            : Future.succeededFuture();
    return activated
        .compose(v -> new DrainWaiter(vertx, options.stallSeconds()).await(this::outstanding))
        .mapEmpty();
  }

  private Future<Report> check(List<List<String>> perQueue, JsonObject node) {
    List<String> ids = new ArrayList<>();
    perQueue.forEach(ids::addAll);
    return new HistoryReader(http, options.concurrency())
        .read(ids)
        .map(
            timelines -> {
              if (options.timeline() != null) {
                TimelineCsv.write(options.timeline(), timelines);
              }
              new CompletionCheck(timelines).describeInto(report);
              SerialOrderCheck order = new SerialOrderCheck();
              int from = 0;
              for (int q = 0; q < perQueue.size(); q++) {
                int size = perQueue.get(q).size();
                order.checkQueue(queueIds.get(q), timelines.subList(from, from + size));
                from += size;
              }
              order.describeInto(report);
              report.line("node", node.encode());
              report.figures().put("node", node);
              return report;
            });
  }

  /** Waiting + in progress over this run's queues. */
  private Future<Long> outstanding() {
    Set<String> ours = Set.copyOf(queueIds);
    return http.serialQueues()
        .map(
            (JsonArray all) ->
                all.stream()
                    .map(JsonObject.class::cast)
                    .filter(q -> ours.contains(q.getString("queueId")))
                    .collect(
                        Collectors.summingLong(
                            q -> q.getLong("waitingCount", 0L) + q.getLong("runningCount", 0L))));
  }

  private Void keptQueues(Throwable failure) {
    System.err.println("warning: not every load queue could be removed: " + failure.getMessage());
    return null;
  }

  private Future<Void> eachQueue(Function<String, Future<Void>> call) {
    return new BoundedParallel()
        .run(queueIds.size(), options.concurrency(), i -> call.apply(queueIds.get(i)))
        .compose(
            results ->
                results.stream()
                    .filter(AsyncResult::failed)
                    .findFirst()
                    .<Future<Void>>map(failed -> Future.failedFuture(failed.cause()))
                    .orElse(Future.succeededFuture()));
  }
}
