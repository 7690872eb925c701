package io.ordo.runner;

import io.ordo.lock.OwnerStatus;
import java.io.IOException;
import java.io.InputStream;
import java.util.List;
import java.util.Properties;
import java.util.function.IntSupplier;
import java.util.function.Supplier;

/**
 * What a runner reports with each lease renewal (GET /api/v1/runners): its threads, how many are
 * busy, the task types it runs, its version, and how many messages it takes now (its capacity). The
 * lease keeper asks for it once per renewal period and writes it with the renewal, so no task pays
 * for it.
 */
final class RunnerStatus implements Supplier<OwnerStatus> {
  static final String UNKNOWN_VERSION = "unknown";
  private static final String VERSION_RESOURCE = "ordo-version.properties";

  private final int maxThreads;
  private final IntSupplier busy;
  private final IntSupplier capacity;
  private final List<String> taskTypes;
  private final String version;

  RunnerStatus(int maxThreads, IntSupplier busy, IntSupplier capacity, List<String> taskTypes) {
    this.maxThreads = maxThreads;
    this.busy = busy;
    this.capacity = capacity;
    this.taskTypes = List.copyOf(taskTypes);
    this.version = version();
  }

  @Override
  public OwnerStatus get() {
    return new OwnerStatus(maxThreads, busy.getAsInt(), taskTypes, version, capacity.getAsInt());
  }

  /** The Ordo version the build wrote next to this class; {@code unknown} if it is missing. */
  static String version() {
    try (InputStream in = RunnerStatus.class.getResourceAsStream(VERSION_RESOURCE)) {
      if (in == null) {
        return UNKNOWN_VERSION;
      }
      Properties properties = new Properties();
      properties.load(in);
      return properties.getProperty("version", UNKNOWN_VERSION);
    } catch (IOException e) {
      return UNKNOWN_VERSION;
    }
  }
}
