package io.ordo.deploy.client;

import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.fail;

import io.ordo.client.EventBusTaskManager;
import io.ordo.client.TaskManager;
import io.ordo.deploy.OrdoNode;
import io.ordo.deploy.TestNode;
import io.ordo.model.Caller;
import io.ordo.model.Role;
import io.ordo.model.TaskInfo;
import io.ordo.model.TaskState;
import io.ordo.testing.TestDatabase;
import io.vertx.core.Future;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Predicate;
import java.util.function.Supplier;

/**
 * A fresh test node and {@link TaskManager}s on it over the node's own event bus; plus waiting
 * helpers with deadlines. (Over HTTP, applications use the ordo-client artifact, tested against a
 * real node by the deploy/client-it module.)
 */
final class ClientFixture implements AutoCloseable {
  static final Duration DEADLINE = Duration.ofSeconds(15);

  /** A Sleep task that runs until it is released (or a minute passes). */
  static final Map<String, Object> SLEEP_UNTIL_RELEASED = Map.of("millis", 60_000);

  /** A Sleep task that ignores release(), to try forced stop on. */
  static final Map<String, Object> SLEEP_IGNORING_RELEASE =
      Map.of("millis", 60_000, "ignoreRelease", true);

  /** The transports the {@code TaskManager} of common has; HTTP is ordo-client's (client-it). */
  enum Transport {
    EVENT_BUS
  }

  /** Who a manager acts as: the default tenant's operator or submitter, or another tenant. */
  enum Who {
    OPERATOR,
    SUBMITTER,
    OTHER_TENANT
  }

  final OrdoNode node;

  private ClientFixture(OrdoNode node) {
    this.node = node;
  }

  static ClientFixture start() {
    TestDatabase.truncate();
    return new ClientFixture(TestNode.start());
  }

  TaskManager manager(Transport transport) {
    return manager(transport, Who.OPERATOR);
  }

  TaskManager manager(Transport transport, Who who) {
    Caller caller =
        switch (who) {
          case OPERATOR -> new Caller("default", Role.OPERATOR, "client-test");
          case SUBMITTER -> new Caller("default", Role.SUBMITTER, "client-test");
          case OTHER_TENANT -> new Caller("acme", Role.OPERATOR, "client-test");
        };
    return EventBusTaskManager.create(node.vertx(), caller, EventBusTaskManager.DEFAULT_TIMEOUT);
  }

  /** Polls {@code read} until {@code done} holds, or fails after {@link #DEADLINE}. */
  static <T> T eventually(Supplier<T> read, Predicate<T> done, String what) {
    long deadline = System.nanoTime() + DEADLINE.toNanos();
    T last = null;
    while (System.nanoTime() < deadline) {
      last = read.get();
      if (done.test(last)) {
        return last;
      }
      try {
        Thread.sleep(20);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        break;
      }
    }
    return fail(what + " did not happen within " + DEADLINE + "; last seen: " + last);
  }

  /** Waits until the message is RUNNING (its task's run() has started). */
  static TaskInfo running(TaskManager manager, String messageId) {
    return eventually(
        () -> manager.getTaskInfo(messageId),
        info -> info.state() == TaskState.RUNNING,
        "task " + messageId + " running");
  }

  /** The result of an Async form, or its failure rethrown as it is. */
  static <T> T await(Future<T> future) {
    try {
      return future.toCompletionStage().toCompletableFuture().get(30, TimeUnit.SECONDS);
    } catch (ExecutionException e) {
      if (e.getCause() instanceof RuntimeException runtime) {
        throw runtime;
      }
      throw new AssertionError(e.getCause());
    } catch (InterruptedException | TimeoutException e) {
      throw new AssertionError(e);
    }
  }

  /** The failure of an Async form, which must be of the given class. */
  static <E extends Throwable> E failure(Class<E> type, Future<?> future) {
    try {
      future.toCompletionStage().toCompletableFuture().get(30, TimeUnit.SECONDS);
    } catch (ExecutionException e) {
      return assertInstanceOf(type, e.getCause());
    } catch (InterruptedException | TimeoutException e) {
      throw new AssertionError(e);
    }
    return fail("expected a " + type.getSimpleName() + ", the operation succeeded");
  }

  @Override
  public void close() {
    node.close();
  }
}
