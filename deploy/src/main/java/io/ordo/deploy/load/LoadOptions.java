package io.ordo.deploy.load;

import java.net.URI;
import java.nio.file.Path;
import java.util.Locale;

/**
 * The load generator's command line, read once into an immutable value with named defaults.
 *
 * @param url the node (or the farm's gateway) to drive, e.g. {@code http://127.0.0.1:8080}
 * @param token the bearer token; an operator token, since the runs (de)activate queues
 * @param mode what to measure
 * @param count throughput: tasks in all; latency: samples; serial: tasks per serial queue
 * @param concurrency the most requests in flight at once
 * @param queues serial mode: how many serial queues
 * @param preload throughput and serial: register with the queue(s) inactive, then activate, so that
 *     processing is measured apart from registration
 * @param pauseMillis latency mode: the idle pause between two samples
 * @param warmup latency mode: samples taken first and left out of the figures (JIT warm-up)
 * @param stallSeconds how long the outstanding count may stay unchanged before the run stops
 *     waiting and reports what did not finish
 * @param timeline throughput and serial: a CSV file for every message's timeline; null for none
 * @param serialTask serial mode: the task type each message runs ({@code Record} writes its value
 *     with a commit of its own; {@code Echo}, the throughput run's no-op, measures the queue alone)
 */
record LoadOptions(
    URI url,
    String token,
    Mode mode,
    int count,
    int concurrency,
    int queues,
    boolean preload,
    long pauseMillis,
    int warmup,
    long stallSeconds,
    Path timeline,
    String serialTask) {

  static final String DEFAULT_URL = "http://127.0.0.1:8080";
  static final int DEFAULT_THROUGHPUT_COUNT = 5_000;
  static final int DEFAULT_LATENCY_SAMPLES = 200;
  static final int DEFAULT_SERIAL_COUNT = 500;
  static final int DEFAULT_CONCURRENCY = 32;
  static final int DEFAULT_QUEUES = 8;
  static final long DEFAULT_PAUSE_MILLIS = 50;
  static final int DEFAULT_WARMUP = 20;
  static final long DEFAULT_STALL_SECONDS = 60;
  static final String DEFAULT_SERIAL_TASK = "Record";

  /** What a run measures. */
  enum Mode {
    THROUGHPUT,
    LATENCY,
    SERIAL
  }

  LoadOptions {
    if (token == null || token.isBlank()) {
      throw new IllegalArgumentException("--token (or ORDO_TOKEN) is required");
    }
    positive("--count", count);
    positive("--concurrency", concurrency);
    positive("--queues", queues);
    positive("--stall-seconds", stallSeconds);
    if (pauseMillis < 0 || warmup < 0) {
      throw new IllegalArgumentException("--pause-ms and --warmup must not be negative");
    }
  }

  static LoadOptions parse(String[] args) {
    URI url = URI.create(DEFAULT_URL);
    String token = System.getenv("ORDO_TOKEN");
    Mode mode = Mode.THROUGHPUT;
    Integer count = null;
    int concurrency = DEFAULT_CONCURRENCY;
    int queues = DEFAULT_QUEUES;
    boolean preload = false;
    long pause = DEFAULT_PAUSE_MILLIS;
    int warmup = DEFAULT_WARMUP;
    long stall = DEFAULT_STALL_SECONDS;
    Path timeline = null;
    String serialTask = DEFAULT_SERIAL_TASK;
    for (int i = 0; i < args.length; i++) {
      String name = args[i];
      if (name.equals("--preload")) {
        preload = true;
        continue;
      }
      if (i + 1 >= args.length) {
        throw new IllegalArgumentException("missing value after " + name);
      }
      String value = args[++i];
      switch (name) {
        case "--url" -> url = URI.create(value);
        case "--token" -> token = value;
        case "--mode" -> mode = Mode.valueOf(value.toUpperCase(Locale.ROOT));
        case "--count" -> count = Integer.parseInt(value);
        case "--concurrency" -> concurrency = Integer.parseInt(value);
        case "--queues" -> queues = Integer.parseInt(value);
        case "--pause-ms" -> pause = Long.parseLong(value);
        case "--warmup" -> warmup = Integer.parseInt(value);
        case "--stall-seconds" -> stall = Long.parseLong(value);
        case "--timeline" -> timeline = Path.of(value);
        case "--task" -> serialTask = value;
        default -> throw new IllegalArgumentException("unknown option " + name);
      }
    }
    int effectiveCount = count != null ? count : defaultCount(mode);
    return new LoadOptions(
        url,
        token,
        mode,
        effectiveCount,
        concurrency,
        queues,
        preload,
        pause,
        warmup,
        stall,
        timeline,
        serialTask);
  }

  private static int defaultCount(Mode mode) {
    return switch (mode) {
      case THROUGHPUT -> DEFAULT_THROUGHPUT_COUNT;
      case LATENCY -> DEFAULT_LATENCY_SAMPLES;
      case SERIAL -> DEFAULT_SERIAL_COUNT;
    };
  }

  private static void positive(String name, long value) {
    if (value <= 0) {
      throw new IllegalArgumentException(name + " must be positive, got " + value);
    }
  }

  static String usage() {
    return String.join(
        "\n",
        "usage: java -cp ordo.jar io.ordo.deploy.load.LoadGenerator [options]",
        "  --url URL            the node or gateway (default " + DEFAULT_URL + ")",
        "  --token T            an operator bearer token (default: $ORDO_TOKEN)",
        "  --mode M             throughput | latency | serial (default throughput)",
        "  --count N            throughput: tasks (default "
            + DEFAULT_THROUGHPUT_COUNT
            + "); latency: samples (default "
            + DEFAULT_LATENCY_SAMPLES
            + "); serial: tasks per queue (default "
            + DEFAULT_SERIAL_COUNT
            + ")",
        "  --concurrency C      requests in flight at most (default " + DEFAULT_CONCURRENCY + ")",
        "  --queues K           serial: serial queues (default " + DEFAULT_QUEUES + ")",
        "  --preload            register with the queue(s) inactive, then activate",
        "  --pause-ms P         latency: idle pause between samples (default "
            + DEFAULT_PAUSE_MILLIS
            + ")",
        "  --warmup W           latency: samples left out first (default " + DEFAULT_WARMUP + ")",
        "  --stall-seconds S    give up waiting after S s without progress (default "
            + DEFAULT_STALL_SECONDS
            + ")",
        "  --timeline FILE      throughput, serial: write every message's timeline as CSV",
        "  --task T             serial: the task each message runs (default "
            + DEFAULT_SERIAL_TASK
            + "; Echo: the throughput run's no-op)",
        "Prints a report, then one line of JSON with the figures.");
  }
}
