package io.ordo.queue;

import io.ordo.bus.Addresses;
import io.ordo.config.NodeContext;
import io.ordo.config.OrdoConfig;
import io.ordo.db.Hmac;
import io.ordo.db.NodeSecrets;
import io.ordo.db.PlanProfile;
import io.ordo.db.Pools;
import io.ordo.db.TokenSigner;
import io.ordo.history.HistoryStore;
import io.ordo.lock.LeaseKeeper;
import io.ordo.lock.LockOwner;
import io.ordo.lock.LockOwnerStore;
import io.ordo.ops.OpsRoutes;
import io.ordo.queue.bus.QueueApiConsumer;
import io.ordo.queue.dispatch.Dispatcher;
import io.ordo.queue.http.ApiRouter;
import io.ordo.queue.http.TokenRegistry;
import io.ordo.queue.lifecycle.QueueMetrics;
import io.ordo.queue.lifecycle.WorkNotifier;
import io.ordo.queue.maintenance.MaintenanceLoop;
import io.ordo.queue.maintenance.OrphanSweep;
import io.ordo.queue.maintenance.TimeoutSweep;
import io.ordo.queue.management.HistoryClient;
import io.ordo.queue.management.QueueAdministration;
import io.ordo.queue.management.QueueInfoReader;
import io.ordo.queue.management.RunnerList;
import io.ordo.queue.management.TaskAdministration;
import io.ordo.queue.management.TaskControl;
import io.ordo.queue.management.TaskList;
import io.ordo.queue.management.TaskLookup;
import io.ordo.queue.registration.RegistrationService;
import io.ordo.queue.schedule.ScheduleModule;
import io.ordo.queue.statemachine.ExecutionDecider;
import io.ordo.queue.statemachine.StateMachineModule;
import io.ordo.queue.store.QueueStore;
import io.ordo.queue.store.TaskListStore;
import io.ordo.queue.store.TaskStore;
import io.ordo.queue.tasktype.TaskTypeCatalog;
import io.ordo.script.ScriptEngine;
import io.ordo.tasktype.TaskTypeStore;
import io.vertx.core.Future;
import io.vertx.core.VerticleBase;
import io.vertx.core.http.HttpServer;
import io.vertx.core.http.HttpServerOptions;
import io.vertx.core.json.JsonObject;
import io.vertx.ext.web.Router;
import io.vertx.sqlclient.Pool;
import java.time.Duration;
import java.util.Set;
import java.util.TreeSet;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The queue service: the HTTP API gateway (with the node's health and metrics routes) and the
 * event-bus side that registers, hands out and records task messages. Stateless apart from
 * PostgreSQL, so any number may run.
 */
public final class QueueServiceVerticle extends VerticleBase {
  private static final Logger LOG = LoggerFactory.getLogger(QueueServiceVerticle.class);
  private static final Duration TOKEN_RELOAD_INTERVAL = Duration.ofSeconds(5);
  private static final Duration TASK_TYPE_REFRESH_INTERVAL = Duration.ofSeconds(30);

  private final NodeContext node;
  private final boolean serveHttp;
  private Pool pool;
  // registration, claims and reports: statements planned once per connection (PlanProfile)
  private Pool hotPool;
  private Pool claimPool;
  private HttpServer server;
  private QueueServices services;
  private QueueMetrics metrics;
  private MaintenanceLoop maintenance;
  private QueueGauges gauges;
  private Dispatcher dispatcher;
  private LeaseKeeper lease;

  /**
   * @param serveHttp whether this instance listens on the configured HTTP port
   */
  public QueueServiceVerticle(NodeContext node, boolean serveHttp) {
    this.node = node;
    this.serveHttp = serveHttp;
  }

  /** The port the API listens on (useful when configured as 0). */
  public int httpPort() {
    return server == null ? -1 : server.actualPort();
  }

  public QueueServices services() {
    return services;
  }

  /** This instance's lock-owner lease (its owner id holds execution locks). */
  public LeaseKeeper lease() {
    return lease;
  }

  /** The state-machine decider, for tests that want a poll now. */
  public ExecutionDecider decider() {
    return services.stateMachines().decider();
  }

  /** The sweeps (timeouts, crash recovery), for tests that want a round now. */
  public MaintenanceLoop maintenance() {
    return maintenance;
  }

  @Override
  public Future<?> start() {
    OrdoConfig config = node.config();
    int poolSize = config.database().poolSize();
    hotPool =
        Pools.create(vertx, node.database(), poolSize, "ordo-queue-hot", PlanProfile.HOT_PATH);
    pool = Pools.create(vertx, node.database(), Math.max(2, poolSize / 2), "ordo-queue");
    claimPool =
        Pools.create(
            vertx,
            node.database(),
            Math.max(2, poolSize / 4),
            "ordo-queue-claim",
            PlanProfile.CLAIM);
    metrics = new MicrometerQueueMetrics(node.meters(), knownTenants(config));
    // A queue service advances state-machine executions under instance locks: it is a lock owner.
    lease =
        new LeaseKeeper(
            vertx,
            pool,
            config.nodeName(),
            LockOwner.QUEUE,
            config.lock().lease(),
            config.lock().renewalPeriod(),
            lostOwnerId ->
                LOG.warn(
                    "The queue service's lease {} expired; its instance locks lapsed", lostOwnerId),
            node.meters());
    node.health().register("database", () -> pool.query("SELECT 1").execute().mapEmpty());
    // The farm's page-token key is read before anything is built, so every part that issues or
    // checks page tokens (over HTTP and over the event bus) is built with it.
    return NodeSecrets.key(pool, NodeSecrets.PAGE_TOKENS)
        .compose(key -> startServices(config, new TokenSigner(new Hmac(key))));
  }

  /** Builds the services, their loops and consumers, and (if asked) the HTTP API; starts them. */
  private Future<Void> startServices(OrdoConfig config, TokenSigner pageTokens) {
    WorkNotifier notifier = new WorkNotifier(vertx, node.clock(), node.meters());
    dispatcher =
        new Dispatcher(claimPool, hotPool, vertx.eventBus(), notifier, metrics, node.clock());
    services = buildServices(config, notifier, pageTokens);
    vertx.eventBus().consumer(Addresses.RUNNERS_CHANGED, message -> services.catalog().refresh());
    vertx
        .eventBus()
        .<JsonObject>consumer(Addresses.QUEUE_PRESENCE, message -> message.reply(new JsonObject()));
    dispatcher.registerReports(vertx.eventBus());
    maintenance =
        new MaintenanceLoop(
            vertx,
            pool,
            node.clock(),
            new TimeoutSweep(pool, vertx.eventBus(), metrics),
            new OrphanSweep(pool, config.maxAttempts(), config.lock().lease(), metrics),
            dispatcher::announce);
    maintenance.start(config.runner().roundInterval());
    gauges = new QueueGauges(vertx, pool, node.meters(), config.runner().roundInterval());
    gauges.start();
    new QueueApiConsumer(services, node.clock()).register(vertx.eventBus());
    vertx.setPeriodic(TASK_TYPE_REFRESH_INTERVAL.toMillis(), id -> services.catalog().refresh());
    return vertx
        .deployVerticle(new ClaimConsumer(dispatcher))
        .compose(v -> lease.start())
        .onSuccess(
            // The decider advances executions under this instance's lease: only once it holds one.
            v -> services.stateMachines().decider().start(config.runner().roundInterval()))
        .onSuccess(v -> services.schedules().loop().start())
        .compose(v -> services.catalog().refresh())
        .compose(v -> serveHttp ? listen(config, pageTokens) : Future.succeededFuture());
  }

  /** The tenants of the tokens known at start ({@code default} with the dev token). */
  private static Set<String> knownTenants(OrdoConfig config) {
    Set<String> tenants = new TreeSet<>();
    if (config.devToken() != null) {
      tenants.add("default");
    }
    config.tokens().forEach(token -> tenants.add(token.tenant()));
    return tenants;
  }

  private QueueServices buildServices(
      OrdoConfig config, WorkNotifier notifier, TokenSigner pageTokens) {
    QueueStore queues = new QueueStore();
    TaskStore tasks = new TaskStore();
    HistoryStore history = new HistoryStore();
    TaskLookup lookup = new TaskLookup(tasks, history);
    TaskTypeCatalog catalog =
        new TaskTypeCatalog(
            vertx, pool, new TaskTypeStore(), node.clock(), ScriptEngine.of(config.scripts()));
    QueueAdministration administration =
        new QueueAdministration(pool, queues, tasks, notifier, node.clock());
    RegistrationService registrations =
        new RegistrationService(
            context,
            hotPool,
            node.clock(),
            catalog,
            administration,
            lookup,
            notifier,
            metrics,
            config.limits().parameter(),
            config.limits().maxIdLength(),
            Math.max(1, config.database().poolSize() / 4));
    QueueInfoReader reader =
        new QueueInfoReader(
            pool,
            hotPool,
            queues,
            tasks,
            new LockOwnerStore(),
            administration,
            lookup,
            node.clock(),
            pageTokens);
    TaskAdministration taskAdministration =
        new TaskAdministration(
            pool,
            vertx.eventBus(),
            tasks,
            queues,
            history,
            metrics,
            node.clock(),
            dispatcher::announce);
    TaskControl control = new TaskControl(pool, vertx.eventBus(), tasks, lookup, node.clock());
    HistoryClient historyClient = new HistoryClient(vertx.eventBus());
    StateMachineModule stateMachines =
        StateMachineModule.create(
            new StateMachineModule.Dependencies(
                vertx,
                pool,
                node.clock(),
                node.meters(),
                lease::ownerId,
                config.lock().instanceLockedAction(),
                catalog,
                administration,
                taskAdministration,
                control,
                notifier,
                historyClient,
                config.stateMachines(),
                config.limits().parameter()));
    return new QueueServices(
        registrations,
        administration,
        reader,
        taskAdministration,
        catalog,
        new RunnerList(pool, new LockOwnerStore()),
        control,
        historyClient,
        stateMachines,
        ScheduleModule.create(
            new ScheduleModule.Dependencies(
                vertx,
                pool,
                node.clock(),
                node.meters(),
                catalog,
                config.limits().parameter(),
                config.limits().maxIdLength(),
                notifier,
                administration,
                stateMachines)),
        new TaskList(pool, new TaskListStore()));
  }

  private Future<Void> listen(OrdoConfig config, TokenSigner pageTokens) {
    TokenRegistry tokens =
        new TokenRegistry(config.tokens(), config.devToken(), config.tokensFile());
    vertx.setPeriodic(TOKEN_RELOAD_INTERVAL.toMillis(), id -> tokens.reloadIfChanged());
    Router router = Router.router(vertx);
    OpsRoutes.mount(router, node.health(), node.liveness(), node.registry());
    HttpServerOptions options = ApiRouter.serverOptions(config.http());
    return NodeSecrets.key(pool, NodeSecrets.PRINCIPALS)
        .compose(
            principals ->
                ApiRouter.mount(
                    vertx,
                    router,
                    services,
                    tokens,
                    new Hmac(principals),
                    pageTokens,
                    config.http().bodyLimitBytes(),
                    node.clock()))
        .compose(v -> ApiRouter.listen(vertx, options, config.http().headerReadTimeout(), router))
        .onSuccess(
            listening -> {
              server = listening;
              LOG.info("Ordo API listening on {}:{}", config.http().host(), listening.actualPort());
            })
        .mapEmpty();
  }

  @Override
  public Future<?> stop() {
    if (maintenance != null) {
      maintenance.stop();
    }
    if (gauges != null) {
      gauges.stop();
    }
    if (services != null) {
      services.stateMachines().decider().stop();
      services.schedules().loop().stop();
    }
    Future<Void> closed = server == null ? Future.succeededFuture() : server.close();
    if (lease != null) {
      closed = closed.eventually(() -> lease.resign());
    }
    return closed
        .eventually(() -> hotPool == null ? Future.succeededFuture() : hotPool.close())
        .eventually(() -> claimPool == null ? Future.succeededFuture() : claimPool.close())
        .eventually(() -> pool == null ? Future.succeededFuture() : pool.close());
  }
}
