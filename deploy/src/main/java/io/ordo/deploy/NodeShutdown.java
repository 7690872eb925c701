package io.ordo.deploy;

import io.vertx.core.Future;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Stops what a JVM started, the node first and then its embedded PostgreSQL, when SIGTERM or SIGINT
 * arrives: installed before anything starts, so a signal during the start stops the database too (a
 * hook installed once the node was ready left the PostgreSQL of a start cut short running).
 */
final class NodeShutdown {
  private static final Logger LOG = LoggerFactory.getLogger(NodeShutdown.class);

  /** How long a signal during the start waits for the node's start to end before stopping. */
  private static final Duration START_WAIT = Duration.ofSeconds(60);

  private final CountDownLatch stopped = new CountDownLatch(1);
  private volatile boolean stopping;
  private EmbeddedDatabase database;
  private Future<OrdoNode> node;

  private NodeShutdown() {}

  static NodeShutdown install() {
    NodeShutdown shutdown = new NodeShutdown();
    Runtime.getRuntime().addShutdownHook(new Thread(shutdown::stop, "ordo-shutdown"));
    return shutdown;
  }

  /** Starts the embedded PostgreSQL; a signal meanwhile waits for it, then stops it. */
  synchronized EmbeddedDatabase startDatabase(Path dataDir) {
    requireRunning();
    database = EmbeddedDatabase.start(dataDir);
    return database;
  }

  /** Starts the node; a signal meanwhile waits for its start to end, then closes it. */
  synchronized Future<OrdoNode> startNode(Supplier<Future<OrdoNode>> start) {
    requireRunning();
    Future<OrdoNode> started;
    try {
      started = start.get();
    } catch (RuntimeException e) { // Vert.x cannot even be built once the JVM is stopping
      started = Future.failedFuture(e);
    }
    // a start cut short by the signal fails as such, not with what its teardown threw
    node =
        started.recover(
            failure -> Future.failedFuture(stopping() ? stoppedDuringStart() : failure));
    return node;
  }

  /** Blocks until the shutdown has run. */
  void awaitStopped() throws InterruptedException {
    stopped.await();
  }

  private void requireRunning() {
    if (stopping()) {
      throw stoppedDuringStart();
    }
  }

  /**
   * Whether the JVM is stopping: this hook said so, or the JVM runs its hooks already (it refuses a
   * new one then; the hooks start together, so another may fail the start before this one ran).
   */
  private boolean stopping() {
    if (stopping) {
      return true;
    }
    Thread probe = new Thread(() -> {});
    try {
      Runtime.getRuntime().addShutdownHook(probe);
      Runtime.getRuntime().removeShutdownHook(probe);
      return false;
    } catch (IllegalStateException e) {
      return true;
    }
  }

  private static StartupException stoppedDuringStart() {
    return new StartupException("stopped by a signal during the start");
  }

  private void stop() {
    Future<OrdoNode> starting;
    EmbeddedDatabase started;
    boolean failedBefore;
    stopping = true;
    synchronized (this) { // waits for a start under way to hand over what it started
      starting = node;
      started = database;
      failedBefore = starting != null && starting.failed();
    }
    try {
      if (starting != null) {
        starting
            .toCompletionStage()
            .toCompletableFuture()
            .get(START_WAIT.toSeconds(), TimeUnit.SECONDS)
            .close();
      }
    } catch (Exception e) {
      // a start that failed is undone by whoever started it; one still going is left to the exit
      LOG.debug("No node to close at shutdown: {}", e.toString());
    } finally {
      if (started != null) {
        started.close();
      }
      // not after a start that failed by itself, which said why it stopped
      if ((started != null || starting != null) && !failedBefore) {
        System.out.println("Ordo stopped.");
      }
      stopped.countDown();
    }
  }
}
