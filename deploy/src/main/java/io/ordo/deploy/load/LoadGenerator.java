package io.ordo.deploy.load;

import io.vertx.core.Future;
import io.vertx.core.Promise;
import io.vertx.core.Vertx;
import io.vertx.core.VertxOptions;
import io.vertx.core.http.PoolOptions;
import io.vertx.ext.web.client.WebClient;
import io.vertx.ext.web.client.WebClientOptions;

/**
 * The benchmark tool: drives a running Ordo node (or a farm's gateway) through its HTTP API only
 * and reports figures. {@code java -cp ordo.jar io.ordo.deploy.load.LoadGenerator --mode
 * throughput|latency|serial [options]}; {@code --help} lists the options. Prints a short report,
 * then one line of JSON with the same figures. Exits 1 when a run could not finish, a registration
 * was refused or a registered message did not complete.
 *
 * <p>One event loop is enough for the client and keeps it from taking CPU the node needs when both
 * run on one host.
 */
public final class LoadGenerator {
  private LoadGenerator() {}

  public static void main(String[] args) {
    LoadOptions options;
    try {
      if (args.length > 0 && (args[0].equals("--help") || args[0].equals("-h"))) {
        System.out.println(LoadOptions.usage());
        return;
      }
      options = LoadOptions.parse(args);
    } catch (IllegalArgumentException e) {
      System.err.println(e.getMessage());
      System.err.println(LoadOptions.usage());
      System.exit(2);
      return;
    }
    Vertx vertx = Vertx.vertx(new VertxOptions().setEventLoopPoolSize(1));
    int exit;
    try {
      WebClient client =
          WebClient.create(
              vertx,
              new WebClientOptions().setKeepAlive(true).setTcpNoDelay(true),
              new PoolOptions().setHttp1MaxSize(options.concurrency()));
      OrdoHttp http = new OrdoHttp(client, options.url(), options.token());
      Report report = start(vertx, http, options).await();
      report.print(System.out);
      boolean complete =
          report.figures().getBoolean("allCompleted", true)
              && report.figures().getInteger("registrationsRefused", 0) == 0;
      exit = complete ? 0 : 1;
    } catch (Exception e) {
      System.err.println("load run failed: " + e.getMessage());
      exit = 1;
    } finally {
      vertx.close().await();
    }
    System.exit(exit);
  }

  /** Starts the run on the client's event loop, where all its callbacks then run. */
  private static Future<Report> start(Vertx vertx, OrdoHttp http, LoadOptions options) {
    Promise<Report> report = Promise.promise();
    vertx.runOnContext(v -> run(vertx, http, options).onComplete(report));
    return report.future();
  }

  private static Future<Report> run(Vertx vertx, OrdoHttp http, LoadOptions options) {
    return switch (options.mode()) {
      case THROUGHPUT -> new ThroughputRun(vertx, http, options).run();
      case LATENCY -> new LatencyRun(vertx, http, options).run();
      case SERIAL -> new SerialRun(vertx, http, options).run();
    };
  }
}
