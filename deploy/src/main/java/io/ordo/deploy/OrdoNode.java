package io.ordo.deploy;

import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.prometheusmetrics.PrometheusConfig;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import io.ordo.config.NodeContext;
import io.ordo.config.OrdoConfig;
import io.ordo.db.DatabaseAddress;
import io.ordo.db.Migrations;
import io.ordo.db.Pools;
import io.ordo.history.service.HistoryServiceVerticle;
import io.ordo.lock.LockOwnerStore;
import io.ordo.ops.HealthChecks;
import io.ordo.queue.QueueServiceVerticle;
import io.ordo.runner.RunnerVerticle;
import io.ordo.runner.tasktype.TaskTypeRegistry;
import io.ordo.samples.SampleDatabase;
import io.ordo.time.DatabaseClock;
import io.vertx.core.Future;
import io.vertx.core.Promise;
import io.vertx.core.Vertx;
import io.vertx.core.VertxBuilder;
import io.vertx.core.VertxOptions;
import io.vertx.micrometer.MicrometerMetricsFactory;
import io.vertx.micrometer.MicrometerMetricsOptions;
import io.vertx.sqlclient.Pool;
import java.time.Clock;
import java.time.Duration;
import java.util.Set;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One Ordo JVM: a Vert.x (clustered over Hazelcast for a farm, plain for the all-in-one node), the
 * schema migrated, and the verticles of its roles deployed. Closing it shuts everything down in
 * order: the runner's graceful shutdown first, then the rest.
 */
public final class OrdoNode implements AutoCloseable {
  private static final Logger LOG = LoggerFactory.getLogger(OrdoNode.class);

  private final Vertx vertx;
  private final NodeContext context;
  private final Pool clockPool;
  private QueueServiceVerticle queue;
  private RunnerVerticle runner;
  private OpsServerVerticle ops;
  private Future<Void> shutdown;

  private OrdoNode(Vertx vertx, NodeContext context, Pool clockPool) {
    this.vertx = vertx;
    this.context = context;
    this.clockPool = clockPool;
  }

  /**
   * Starts a node.
   *
   * @param roles the services this JVM runs
   * @param clustered whether it joins the Hazelcast cluster of {@code config.cluster()}
   */
  public static Future<OrdoNode> start(
      OrdoConfig config, Set<NodeRole> roles, DatabaseAddress database, boolean clustered) {
    return start(config, roles, database, clustered, null);
  }

  /**
   * Starts a node on a given clock (tests move time by hand); null for the usual clock kept in step
   * with the database.
   */
  public static Future<OrdoNode> start(
      OrdoConfig config,
      Set<NodeRole> roles,
      DatabaseAddress database,
      boolean clustered,
      Clock clock) {
    PrometheusMeterRegistry registry = new PrometheusMeterRegistry(PrometheusConfig.DEFAULT);
    VertxOptions options =
        new VertxOptions()
            .setMetricsOptions(
                new MicrometerMetricsOptions().setEnabled(true).setJvmMetricsEnabled(true));
    VertxBuilder builder = Vertx.builder().withMetrics(new MicrometerMetricsFactory(registry));
    Future<Vertx> started;
    if (clustered) {
      options.setEventBusOptions(ClusterSetup.eventBus(config.cluster()));
      try {
        started =
            builder
                .with(options)
                .withClusterManager(ClusterSetup.clusterManager(config.cluster()))
                .buildClustered();
      } catch (StartupException e) {
        return Future.failedFuture(e);
      }
    } else {
      started = Future.succeededFuture(builder.with(options).build());
    }
    // The answer is a context-free promise: when start fails, Vert.x is closed, and a future
    // bound to one of its (then terminated) event loops would never deliver the failure.
    Promise<OrdoNode> result = Promise.promise();
    started
        .onFailure(result::fail)
        .onSuccess(
            vertx ->
                deploy(vertx, config, roles, database, registry, clock)
                    .onSuccess(result::complete)
                    .onFailure(
                        failure -> {
                          // the caller says why (Main: one line, or the log with the trace)
                          Throwable error =
                              StartupFailures.explained(failure, config.http(), database);
                          vertx.close().onComplete(closed -> result.fail(error));
                        }));
    return result.future();
  }

  private static Future<OrdoNode> deploy(
      Vertx vertx,
      OrdoConfig config,
      Set<NodeRole> roles,
      DatabaseAddress database,
      PrometheusMeterRegistry registry,
      Clock fixedClock) {
    // A DatabaseClock given by the caller is kept in step like the node's own (tests give one
    // built on a skewed local clock); any other clock is used as it is (tests move it by hand).
    DatabaseClock synced =
        fixedClock instanceof DatabaseClock given ? given : new DatabaseClock(Clock.systemUTC());
    Clock clock = fixedClock == null || fixedClock instanceof DatabaseClock ? synced : fixedClock;
    NodeContext context =
        new NodeContext(
            config, clock, database, HealthChecks.readiness(), HealthChecks.liveness(), registry);
    Pool clockPool = Pools.create(vertx, database, 1, "ordo-clock");
    OrdoNode node = new OrdoNode(vertx, context, clockPool);
    LockOwnerStore owners = new LockOwnerStore();
    return Migrations.migrate(vertx, database)
        .compose(v -> synced.sync(clockPool, owners))
        .compose(
            offset -> {
              LOG.info("Clock offset to the database: {}", offset);
              registerClockGauges(registry, synced, config.nodeName());
              vertx.setPeriodic(
                  config.lock().renewalPeriod().toMillis(), id -> synced.sync(clockPool, owners));
              return node.deployRoles(roles);
            })
        .map(node);
  }

  /** The node's clock against the database's: the offset in use and its error. */
  private static void registerClockGauges(
      MeterRegistry registry, DatabaseClock clock, String node) {
    Gauge.builder("ordo.clock.offset", clock, c -> seconds(c.offset()))
        .description("The database's clock minus this node's, as last measured and adopted")
        .baseUnit("seconds")
        .tag("node", node)
        .register(registry);
    Gauge.builder("ordo.clock.error", clock, c -> seconds(c.error()))
        .description(
            "The offset's error now: half the round trip that measured it plus the drift since;"
                + " two nodes' event times agree to within the sum of their errors")
        .baseUnit("seconds")
        .tag("node", node)
        .register(registry);
  }

  private static double seconds(Duration duration) {
    return duration.toNanos() / 1e9;
  }

  private Future<Void> deployRoles(Set<NodeRole> roles) {
    if (roles.containsAll(NodeRole.all())) {
      SampleScripts.installIfMissing(context.config().scripts().directory());
    }
    // The runner's task types first: a class or plugin directory that cannot be loaded stops the
    // start before any service runs, rather than tearing down a queue service mid-query.
    TaskTypeRegistry taskTypes = roles.contains(NodeRole.RUNNER) ? discoverTaskTypes() : null;
    Future<?> chain = Future.succeededFuture();
    if (roles.contains(NodeRole.HISTORY)) {
      chain = chain.compose(v -> vertx.deployVerticle(new HistoryServiceVerticle(context)));
    }
    if (roles.contains(NodeRole.QUEUE)) {
      queue = new QueueServiceVerticle(context, true);
      chain = chain.compose(v -> vertx.deployVerticle(queue));
    } else {
      ops = new OpsServerVerticle(context);
      chain = chain.compose(v -> vertx.deployVerticle(ops));
    }
    if (roles.contains(NodeRole.RUNNER)) {
      DatabaseAddress db = context.database();
      SampleDatabase.configure(db.jdbcUrl(), db.user(), db.password());
      runner = new RunnerVerticle(context, taskTypes);
      chain = chain.compose(v -> vertx.deployVerticle(runner));
    }
    return chain.mapEmpty();
  }

  private TaskTypeRegistry discoverTaskTypes() {
    return TaskTypeRegistry.discover(
        OrdoNode.class.getClassLoader(),
        context.config().runner().taskClasses(),
        context.config().runner().pluginDir());
  }

  public Vertx vertx() {
    return vertx;
  }

  public NodeContext context() {
    return context;
  }

  /** The HTTP port this node answers on (the API, or only health and metrics). */
  public int httpPort() {
    return queue != null ? queue.httpPort() : ops == null ? -1 : ops.port();
  }

  /** The runner of this node, or null. */
  public RunnerVerticle runner() {
    return runner;
  }

  public QueueServiceVerticle queue() {
    return queue;
  }

  /**
   * During a shutdown, stops waiting for the running tasks: the runner releases them with re-entry
   * now instead of at the end of the grace period.
   */
  public void stopWaiting() {
    if (runner != null) {
      runner.stopWaiting();
    }
  }

  /** Shuts down: runner first (graceful), then the other services, then Vert.x. */
  public synchronized Future<Void> shutdown() {
    if (shutdown != null) {
      return shutdown; // already stopping or stopped
    }
    Future<Void> runnerDown =
        runner == null || runner.deploymentID() == null
            ? Future.succeededFuture()
            : vertx.undeploy(runner.deploymentID());
    Promise<Void> done = Promise.promise(); // context-free: it completes after Vert.x is gone
    runnerDown
        .eventually(() -> clockPool.close())
        .onComplete(
            stopped ->
                vertx
                    .close()
                    .onComplete(
                        closed -> {
                          context.registry().close();
                          done.complete();
                        }));
    shutdown = done.future();
    return shutdown;
  }

  @Override
  public void close() {
    shutdown().toCompletionStage().toCompletableFuture().join();
  }
}
