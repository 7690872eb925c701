package io.ordo.bench.dbscheduler;

import com.github.kagkarlsson.scheduler.Scheduler;
import com.github.kagkarlsson.scheduler.task.helper.OneTimeTask;
import com.github.kagkarlsson.scheduler.task.helper.Tasks;
import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import java.io.IOException;
import java.io.InputStream;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Properties;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicIntegerArray;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.Collectors;

/**
 * db-scheduler's side of Ordo's side-by-side drain benchmark: N one-time no-op task instances,
 * inserted in one statement before the scheduler starts, executed by one scheduler of 8 threads
 * (Ordo's default {@code task-runner.max-threads}) polling with lock-and-fetch.
 *
 * <pre>
 * java -jar target/db-scheduler-bench.jar --url jdbc:postgresql://127.0.0.1:5432/dbs \
 *   --user postgres [--password P] [--count 20000] [--threads 8] [--polling-ms 100] \
 *   [--lower 1.0] [--upper 4.0] [--timeout-s 600] [--drop-existing]
 * </pre>
 *
 * <p>Steps: create db-scheduler's {@code scheduled_tasks} table (its PostgreSQL schema, {@code
 * db-scheduler/src/test/resources/postgresql_tables.sql} at tag v16.12.0), insert the N instances
 * with one {@code INSERT … SELECT … generate_series} (due now, unpicked, version 1), {@code
 * ANALYZE}, start the scheduler and wait until every instance has executed. Afterwards: every
 * instance id executed exactly once (an {@link AtomicIntegerArray} counts executions per id), and
 * the table is empty (db-scheduler deletes a one-time task's row once it completed).
 *
 * <p>Figures (one JSON line on stdout, the last line): {@code tasksPerSecond} = N / (first
 * execution began → N-th execution ended), the same definition as Ordo's {@code
 * processingTasksPerSecond} (first accept → last completion); also the figure from {@code
 * scheduler.start()} and the time until the table was seen empty (the last completion's DELETE
 * committed). Exit status 1 if not every instance ran exactly once or the table is not empty.
 */
public final class DrainBenchmark {
  static final String TASK_NAME = "bench-noop";

  private DrainBenchmark() {}

  public static void main(String[] args) throws Exception {
    Options options;
    try {
      options = Options.parse(args);
    } catch (IllegalArgumentException e) {
      System.err.println(e.getMessage());
      System.err.println(Options.USAGE);
      System.exit(2);
      return;
    }
    System.exit(run(options) ? 0 : 1);
  }

  /**
   * Runs {@code --warmup-rounds} whole drains first (same N, same scheduler settings, in this JVM,
   * so that its JIT has compiled the path as it has Ordo's after Ordo's warm-up), then {@code
   * --measured-rounds} measured ones; the figures are the median measured drain's (the lower of
   * the two middle ones for an even count), with every measured drain's rate and the warm-up
   * drains' rates beside them.
   */
  private static boolean run(Options options) throws Exception {
    List<Double> warmups = new ArrayList<>();
    for (int round = 0; round < options.warmupRounds; round++) {
      Drained warm = drain(options, round > 0);
      if (!warm.ok()) {
        System.out.println(warm.json());
        return false;
      }
      warmups.add(warm.tasksPerSecond());
    }
    List<Drained> measured = new ArrayList<>();
    for (int round = 0; round < options.measuredRounds; round++) {
      Drained drained = drain(options, options.warmupRounds > 0 || round > 0);
      if (!drained.ok()) {
        System.out.println(drained.json());
        return false;
      }
      measured.add(drained);
    }
    List<Drained> byRate = new ArrayList<>(measured);
    byRate.sort(Comparator.comparingDouble(Drained::tasksPerSecond));
    String json = byRate.get((byRate.size() - 1) / 2).json();
    System.out.println(
        json.substring(0, json.length() - 1)
            + ",\"measuredTasksPerSecond\":"
            + rates(measured.stream().map(Drained::tasksPerSecond).toList())
            + ",\"warmupTasksPerSecond\":"
            + rates(warmups)
            + "}");
    return true;
  }

  /** A JSON array of rates. */
  private static String rates(List<Double> rates) {
    return rates.stream().map(String::valueOf).collect(Collectors.joining(",", "[", "]"));
  }

  /** One drain's JSON line, whether it passed its checks, and its rate. */
  private record Drained(String json, boolean ok, double tasksPerSecond) {}

  /** One drain on a fresh table ({@code again}: the table of an earlier drain is dropped). */
  private static Drained drain(Options options, boolean again) throws Exception {
    int n = options.count;
    HikariConfig pool = new HikariConfig();
    pool.setJdbcUrl(options.url);
    pool.setUsername(options.user);
    if (options.password != null) {
      pool.setPassword(options.password);
    }
    // One connection per execution thread, plus the due-executor's poll and the housekeeper
    // (heartbeats, dead-execution detection), so no execution ever waits for a connection.
    pool.setMaximumPoolSize(options.threads + 2);
    pool.setPoolName("db-scheduler-bench");
    try (HikariDataSource dataSource = new HikariDataSource(pool)) {
      createTable(dataSource, options.dropExisting || again);
      long insertStart = System.nanoTime();
      insert(dataSource, n);
      double insertSeconds = (System.nanoTime() - insertStart) / 1e9;

      AtomicIntegerArray runs = new AtomicIntegerArray(n);
      AtomicInteger executed = new AtomicInteger();
      AtomicInteger unknownIds = new AtomicInteger();
      AtomicLong firstBegan = new AtomicLong(Long.MIN_VALUE);
      AtomicLong lastEnded = new AtomicLong(Long.MIN_VALUE);
      CountDownLatch all = new CountDownLatch(1);
      OneTimeTask<Void> noop =
          Tasks.oneTime(TASK_NAME)
              .execute(
                  (instance, context) -> {
                    firstBegan.compareAndSet(Long.MIN_VALUE, System.nanoTime());
                    int id = parseId(instance.getId(), n);
                    if (id < 0) {
                      unknownIds.incrementAndGet();
                    } else {
                      runs.incrementAndGet(id);
                    }
                    if (executed.incrementAndGet() == n) {
                      lastEnded.set(System.nanoTime());
                      all.countDown();
                    }
                  });

      Scheduler scheduler =
          Scheduler.create(dataSource, noop)
              // Ordo's default task-runner.max-threads.
              .threads(options.threads)
              // lock-and-fetch: one `UPDATE … WHERE … IN (SELECT … FOR UPDATE SKIP LOCKED LIMIT k)
              // RETURNING` picks and locks a batch, then one DELETE per completed execution (the
              // README's fastest strategy, "1 select-and-update, 1 * batch-size updates"). Limits
              // 1.0/4.0 are the README's setting "for high throughput (i.e. keep threads busy)":
              // fetch again as soon as only `threads` picked executions are left, up to 4 × threads
              // picked at once (32 here).
              .pollUsingLockAndFetch(options.lower, options.upper)
              // The polling interval only matters when a fetch came back short (a full batch
              // triggers the next fetch at once): at the start and at the end of the drain. The
              // default is 10 s; 100 ms keeps that idle wait from entering the figure while
              // polling an empty table 10 times a second is no load worth counting.
              .pollingInterval(Duration.ofMillis(options.pollingMillis))
              .shutdownMaxWait(Duration.ofSeconds(30))
              .build();

      long started = System.nanoTime();
      scheduler.start();
      boolean finished = all.await(options.timeoutSeconds, TimeUnit.SECONDS);
      long allExecuted = System.nanoTime();
      long emptyAt = finished ? waitUntilEmpty(dataSource, Duration.ofSeconds(30)) : -1;
      scheduler.stop(); // waits for executions in flight, i.e. their completions (DELETE)

      long remaining = countRows(dataSource);
      int duplicates = 0;
      int missing = 0;
      for (int i = 0; i < n; i++) {
        int r = runs.get(i);
        if (r == 0) {
          missing++;
        } else if (r > 1) {
          duplicates += r - 1;
        }
      }
      boolean executedOnce =
          duplicates == 0 && missing == 0 && unknownIds.get() == 0 && executed.get() == n;
      boolean ok = finished && executedOnce && remaining == 0;

      double processing = (lastEnded.get() - firstBegan.get()) / 1e9;
      double fromStart = (lastEnded.get() - started) / 1e9;
      StringBuilder json = new StringBuilder("{");
      field(json, "tool", "\"db-scheduler\"");
      field(json, "version", "\"" + dbSchedulerVersion() + "\"");
      field(json, "count", n);
      field(json, "threads", options.threads);
      field(json, "pollingStrategy", "\"lock-and-fetch\"");
      field(json, "lowerLimitFractionOfThreads", options.lower);
      field(json, "upperLimitFractionOfThreads", options.upper);
      field(json, "pollingIntervalMillis", options.pollingMillis);
      field(json, "insertSeconds", round(insertSeconds));
      field(json, "finished", finished);
      field(json, "executed", executed.get());
      if (finished) {
        field(json, "processingSeconds", round(processing));
        field(json, "tasksPerSecond", round(n / processing));
        field(json, "secondsFromStart", round(fromStart));
        field(json, "tasksPerSecondFromStart", round(n / fromStart));
        field(
            json,
            "secondsUntilTableEmpty",
            emptyAt < 0 ? "null" : String.valueOf(round((emptyAt - started) / 1e9)));
      } else {
        field(json, "waitedSeconds", round((allExecuted - started) / 1e9));
      }
      field(json, "duplicates", duplicates);
      field(json, "missing", missing);
      field(json, "unknownIds", unknownIds.get());
      field(json, "executedOnce", executedOnce);
      field(json, "rowsLeft", remaining);
      field(json, "tableEmpty", remaining == 0);
      field(json, "ok", ok);
      json.setLength(json.length() - 1);
      json.append('}');

      System.err.printf(
          Locale.ROOT,
          "db-scheduler %s: %d no-op tasks, %d threads, lock-and-fetch %.1f/%.1f, polling %d ms:"
              + " %s; executed exactly once: %s; table empty: %s%n",
          dbSchedulerVersion(),
          n,
          options.threads,
          options.lower,
          options.upper,
          options.pollingMillis,
          finished
              ? String.format(Locale.ROOT, "%.1f tasks/s (%.3f s)", n / processing, processing)
              : "NOT FINISHED after " + options.timeoutSeconds + " s (" + executed.get() + " ran)",
          executedOnce,
          remaining == 0);
      return new Drained(json.toString(), ok, finished ? round(n / processing) : 0);
    }
  }

  /** db-scheduler's PostgreSQL schema as of v16.12.0 (postgresql_tables.sql). */
  private static void createTable(HikariDataSource dataSource, boolean dropExisting)
      throws SQLException {
    try (Connection c = dataSource.getConnection();
        Statement s = c.createStatement()) {
      if (dropExisting) {
        s.execute("DROP TABLE IF EXISTS scheduled_tasks");
      }
      s.execute(
          "CREATE TABLE scheduled_tasks ("
              + " task_name text NOT NULL,"
              + " task_instance text NOT NULL,"
              + " task_data bytea,"
              + " execution_time timestamp with time zone NOT NULL,"
              + " picked boolean NOT NULL,"
              + " picked_by text,"
              + " last_success timestamp with time zone,"
              + " last_failure timestamp with time zone,"
              + " consecutive_failures int,"
              + " last_heartbeat timestamp with time zone,"
              + " version bigint NOT NULL,"
              + " priority smallint,"
              + " PRIMARY KEY (task_name, task_instance))");
      s.execute("CREATE INDEX execution_time_idx ON scheduled_tasks (execution_time)");
      s.execute("CREATE INDEX last_heartbeat_idx ON scheduled_tasks (last_heartbeat)");
      s.execute(
          "CREATE INDEX priority_execution_time_idx"
              + " ON scheduled_tasks (priority DESC, execution_time ASC)");
    }
  }

  /**
   * Inserts N due instances in one statement, the columns db-scheduler's own insert sets (task
   * name, instance id, no data, execution time, not picked, version 1), then {@code ANALYZE}s the
   * table as autovacuum would soon after such an insert.
   */
  private static void insert(HikariDataSource dataSource, int n) throws SQLException {
    try (Connection c = dataSource.getConnection()) {
      try (PreparedStatement insert =
          c.prepareStatement(
              "INSERT INTO scheduled_tasks"
                  + " (task_name, task_instance, task_data, execution_time, picked, version)"
                  + " SELECT ?, g::text, NULL, now() - interval '1 second', false, 1"
                  + " FROM generate_series(0, ? - 1) AS g")) {
        insert.setString(1, TASK_NAME);
        insert.setInt(2, n);
        int rows = insert.executeUpdate();
        if (rows != n) {
          throw new IllegalStateException("inserted " + rows + " rows, expected " + n);
        }
      }
      try (Statement s = c.createStatement()) {
        s.execute("ANALYZE scheduled_tasks");
      }
    }
  }

  /** The nanoTime at which the table was first seen empty, or -1 after {@code limit}. */
  private static long waitUntilEmpty(HikariDataSource dataSource, Duration limit)
      throws SQLException, InterruptedException {
    long deadline = System.nanoTime() + limit.toNanos();
    while (System.nanoTime() < deadline) {
      if (countRows(dataSource) == 0) {
        return System.nanoTime();
      }
      Thread.sleep(2);
    }
    return -1;
  }

  private static long countRows(HikariDataSource dataSource) throws SQLException {
    try (Connection c = dataSource.getConnection();
        Statement s = c.createStatement();
        ResultSet r = s.executeQuery("SELECT count(*) FROM scheduled_tasks")) {
      r.next();
      return r.getLong(1);
    }
  }

  private static int parseId(String id, int n) {
    try {
      int value = Integer.parseInt(id);
      return value >= 0 && value < n ? value : -1;
    } catch (NumberFormatException e) {
      return -1;
    }
  }

  private static String dbSchedulerVersion() {
    try (InputStream in = DrainBenchmark.class.getResourceAsStream("/bench.properties")) {
      Properties p = new Properties();
      if (in != null) {
        p.load(in);
      }
      return p.getProperty("db-scheduler.version", "unknown");
    } catch (IOException e) {
      return "unknown";
    }
  }

  private static void field(StringBuilder json, String name, Object value) {
    json.append('"').append(name).append("\":").append(value).append(',');
  }

  private static double round(double value) {
    return Math.round(value * 1000) / 1000.0;
  }

  /** The command line. */
  static final class Options {
    static final String USAGE =
        "usage: java -jar db-scheduler-bench.jar --url jdbc:postgresql://HOST:PORT/DB --user U"
            + " [--password P] [--count 20000] [--threads 8] [--polling-ms 100] [--lower 1.0]"
            + " [--upper 4.0] [--timeout-s 600] [--drop-existing] [--warmup-rounds 0]"
            + " [--measured-rounds 1]";

    String url;
    String user = "postgres";
    String password;
    int count = 20_000;
    int threads = 8;
    long pollingMillis = 100;
    double lower = 1.0;
    double upper = 4.0;
    long timeoutSeconds = 600;
    int warmupRounds;
    int measuredRounds = 1;
    boolean dropExisting;

    static Options parse(String[] args) {
      Options o = new Options();
      for (int i = 0; i < args.length; i++) {
        String name = args[i];
        if (name.equals("--drop-existing")) {
          o.dropExisting = true;
          continue;
        }
        if (i + 1 >= args.length) {
          throw new IllegalArgumentException("missing value after " + name);
        }
        String value = args[++i];
        switch (name) {
          case "--url" -> o.url = value;
          case "--user" -> o.user = value;
          case "--password" -> o.password = value;
          case "--count" -> o.count = Integer.parseInt(value);
          case "--threads" -> o.threads = Integer.parseInt(value);
          case "--polling-ms" -> o.pollingMillis = Long.parseLong(value);
          case "--lower" -> o.lower = Double.parseDouble(value);
          case "--upper" -> o.upper = Double.parseDouble(value);
          case "--timeout-s" -> o.timeoutSeconds = Long.parseLong(value);
          case "--warmup-rounds" -> o.warmupRounds = Integer.parseInt(value);
          case "--measured-rounds" -> o.measuredRounds = Integer.parseInt(value);
          default -> throw new IllegalArgumentException("unknown option " + name);
        }
      }
      if (o.url == null) {
        throw new IllegalArgumentException("--url is required");
      }
      if (o.count <= 0
          || o.threads <= 0
          || o.pollingMillis <= 0
          || o.timeoutSeconds <= 0
          || o.measuredRounds <= 0) {
        throw new IllegalArgumentException(
            "--count, --threads, --polling-ms, --timeout-s, --measured-rounds > 0");
      }
      return o;
    }
  }
}
