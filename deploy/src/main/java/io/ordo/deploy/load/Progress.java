package io.ordo.deploy.load;

import io.vertx.core.Vertx;
import java.util.function.IntSupplier;

/** Prints {@code label: done/total} to stderr every few seconds while a phase runs. */
final class Progress implements AutoCloseable {
  private static final long EVERY_MILLIS = 5_000;

  private final Vertx vertx;
  private final long timer;

  private Progress(Vertx vertx, long timer) {
    this.vertx = vertx;
    this.timer = timer;
  }

  static Progress every(Vertx vertx, String label, IntSupplier done, int total) {
    long timer =
        vertx.setPeriodic(
            EVERY_MILLIS, t -> System.err.printf("  … %s: %d/%d%n", label, done.getAsInt(), total));
    return new Progress(vertx, timer);
  }

  @Override
  public void close() {
    vertx.cancelTimer(timer);
  }
}
