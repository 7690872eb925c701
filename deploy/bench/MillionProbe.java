import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The "million waiting" probe of deploy/bench/side-by-side.sh (BENCH_MILLION=1): a single-file
 * program on the JDK alone ({@code java deploy/bench/MillionProbe.java URL TOKEN PID COUNT
 * MEASURE}) that drives a running all-in-one node through its HTTP API:
 *
 * <ol>
 *   <li>makes the parallel queue inactive and registers COUNT no-op {@code Echo} tasks (32 requests
 *       in flight), so COUNT messages wait;
 *   <li>asks the node's JVM for a full GC ({@code jcmd PID GC.run}, when jcmd is there and PID is
 *       not 0) and reads the heap in use from {@code /metrics} ({@code jvm_memory_used_bytes} with
 *       {@code area="heap"}, summed over the pools): the heap a node needs to hold COUNT waiting
 *       messages;
 *   <li>activates the queue and waits until MEASURE more messages completed ({@code
 *       ordo_messages_completed_total}, read every 200 ms): the drain rate with COUNT waiting, from
 *       the first completion seen to the MEASURE-th;
 *   <li>leaves the rest waiting (the script throws the database away).
 * </ol>
 *
 * With the environment variable {@code PROBE_ACTIVATE_AFTER} set to a file's path, the probe prints
 * {@code registered} once the messages wait and activates the queue only once that file exists
 * (deploy/bench/backlog-wal.sh checkpoints and notes the WAL position in between).
 *
 * <p>Heap is also sampled every second throughout; the maximum is reported. Prints one JSON line.
 * Exits 1 if a registration was refused or the drain made no progress for 120 s.
 */
public final class MillionProbe {
  private static final int IN_FLIGHT = 32;
  private static final long STALL_MILLIS = 120_000;

  public static void main(String[] args) throws Exception {
    if (args.length != 5) {
      System.err.println("usage: java MillionProbe.java URL TOKEN NODE_PID COUNT MEASURE");
      System.exit(2);
    }
    String url = args[0];
    String token = args[1];
    long pid = Long.parseLong(args[2]);
    int count = Integer.parseInt(args[3]);
    int measure = Integer.parseInt(args[4]);
    HttpClient http =
        HttpClient.newBuilder()
            .version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(Duration.ofSeconds(10))
            .build();
    Probe probe = new Probe(http, url, token);
    ScheduledExecutorService sampler = Executors.newSingleThreadScheduledExecutor(daemon());
    AtomicLong heapMax = new AtomicLong();
    sampler.scheduleAtFixedRate(
        () -> {
          long heap = probe.heapUsed();
          heapMax.accumulateAndGet(heap, Math::max);
        },
        0,
        1,
        TimeUnit.SECONDS);

    probe.put("/api/v1/parallel-queue/active", "{\"active\": false}");
    long registerStart = System.nanoTime();
    int refused = probe.register(count);
    double registerSeconds = (System.nanoTime() - registerStart) / 1e9;
    if (refused > 0) {
      System.err.println(refused + " registrations refused");
    }
    long heapIdle = probe.heapUsed();
    boolean gc = fullGc(pid);
    long heapAfterGc = gc ? probe.heapUsed() : -1;
    long waiting = probe.waiting();

    awaitActivation(System.getenv("PROBE_ACTIVATE_AFTER"));
    double before = probe.completed();
    probe.put("/api/v1/parallel-queue/active", "{\"active\": true}");
    long activated = System.nanoTime();
    long firstMove = -1;
    double firstMoveCount = before;
    long lastChange = System.nanoTime();
    double last = before;
    long done = -1;
    while (true) {
      Thread.sleep(200);
      double now = probe.completed();
      long t = System.nanoTime();
      if (now != last) {
        if (firstMove < 0) {
          firstMove = t;
          firstMoveCount = now;
        }
        last = now;
        lastChange = t;
      }
      if (now - before >= measure) {
        done = t;
        break;
      }
      if ((t - lastChange) / 1_000_000 > STALL_MILLIS) {
        break;
      }
    }
    long heapAfterDrain = probe.heapUsed();
    sampler.shutdownNow();
    double drained = last - before;
    boolean ok = refused == 0 && done > 0;
    StringBuilder json = new StringBuilder("{");
    json.append(String.format(Locale.ROOT, "\"registered\":%d,", count - refused));
    json.append(String.format(Locale.ROOT, "\"refused\":%d,", refused));
    json.append(String.format(Locale.ROOT, "\"registrationSeconds\":%.1f,", registerSeconds));
    json.append(
        String.format(
            Locale.ROOT, "\"registrationsPerSecond\":%.1f,", (count - refused) / registerSeconds));
    json.append(String.format(Locale.ROOT, "\"waitingAtActivation\":%d,", waiting));
    json.append(String.format(Locale.ROOT, "\"heapUsedIdleBytes\":%d,", heapIdle));
    json.append(String.format(Locale.ROOT, "\"gcTriggered\":%b,", gc));
    json.append(String.format(Locale.ROOT, "\"heapUsedAfterGcBytes\":%d,", heapAfterGc));
    json.append(String.format(Locale.ROOT, "\"heapUsedMaxBytes\":%d,", heapMax.get()));
    json.append(String.format(Locale.ROOT, "\"heapUsedAfterDrainBytes\":%d,", heapAfterDrain));
    json.append(String.format(Locale.ROOT, "\"measured\":%d,", (long) drained));
    if (done > 0 && firstMove > 0) {
      double fromFirst = (done - firstMove) / 1e9;
      double fromActivation = (done - activated) / 1e9;
      json.append(
          String.format(
              Locale.ROOT,
              "\"drainTasksPerSecond\":%.1f,",
              (last - firstMoveCount) / Math.max(fromFirst, 1e-3)));
      json.append(
          String.format(
              Locale.ROOT,
              "\"drainTasksPerSecondFromActivation\":%.1f,",
              drained / fromActivation));
      json.append(String.format(Locale.ROOT, "\"drainSeconds\":%.1f,", fromActivation));
    }
    json.append("\"ok\":").append(ok).append('}');
    System.out.println(json);
    System.exit(ok ? 0 : 1);
  }

  /** {@code jcmd PID GC.run}, then a second for the metrics to see it; false without jcmd. */
  /** Waits until the file {@code path} exists (no wait when null), after saying so. */
  private static void awaitActivation(String path) throws InterruptedException {
    if (path == null || path.isEmpty()) {
      return;
    }
    System.out.println("registered; activating once " + path + " exists");
    System.out.flush();
    while (!Files.exists(Path.of(path))) {
      Thread.sleep(200);
    }
  }

  private static boolean fullGc(long pid) throws InterruptedException {
    if (pid <= 0) {
      return false;
    }
    Path jcmd = Path.of(System.getProperty("java.home"), "bin", "jcmd");
    String command = Files.isExecutable(jcmd) ? jcmd.toString() : "jcmd";
    try {
      Process p =
          new ProcessBuilder(List.of(command, Long.toString(pid), "GC.run"))
              .redirectErrorStream(true)
              .redirectOutput(ProcessBuilder.Redirect.DISCARD)
              .start();
      if (!p.waitFor(60, TimeUnit.SECONDS)) {
        p.destroyForcibly();
        return false;
      }
      if (p.exitValue() != 0) {
        return false;
      }
    } catch (IOException e) {
      return false;
    }
    Thread.sleep(1500);
    return true;
  }

  private static java.util.concurrent.ThreadFactory daemon() {
    return r -> {
      Thread t = new Thread(r, "heap-sampler");
      t.setDaemon(true);
      return t;
    };
  }

  /** The node's HTTP API, as much of it as the probe needs. */
  private static final class Probe {
    private final HttpClient http;
    private final String url;
    private final String token;

    Probe(HttpClient http, String url, String token) {
      this.http = http;
      this.url = url;
      this.token = token;
    }

    void put(String path, String body) throws IOException, InterruptedException {
      HttpResponse<String> r =
          http.send(
              request(path)
                  .header("content-type", "application/json")
                  .PUT(HttpRequest.BodyPublishers.ofString(body))
                  .build(),
              HttpResponse.BodyHandlers.ofString());
      if (r.statusCode() / 100 != 2) {
        throw new IllegalStateException("PUT " + path + ": " + r.statusCode() + " " + r.body());
      }
    }

    /** Registers {@code count} Echo tasks, {@link #IN_FLIGHT} at once; returns the refusals. */
    int register(int count) throws InterruptedException {
      Semaphore slots = new Semaphore(IN_FLIGHT);
      AtomicInteger refused = new AtomicInteger();
      AtomicInteger done = new AtomicInteger();
      long start = System.nanoTime();
      long lastReport = start;
      for (int i = 0; i < count; i++) {
        slots.acquire();
        HttpRequest request =
            request("/api/v1/parallel-queue/tasks")
                .header("content-type", "application/json")
                .POST(
                    HttpRequest.BodyPublishers.ofString(
                        "{\"taskClassName\":\"Echo\",\"parameter\":{\"i\":" + i + "}}"))
                .build();
        CompletableFuture<HttpResponse<Void>> sent =
            http.sendAsync(request, HttpResponse.BodyHandlers.discarding());
        sent.whenComplete(
            (response, failure) -> {
              if (failure != null || response.statusCode() != 201) {
                if (refused.incrementAndGet() <= 5) {
                  System.err.println(
                      "registration refused: "
                          + (failure != null ? failure : "HTTP " + response.statusCode()));
                }
              }
              done.incrementAndGet();
              slots.release();
            });
        long now = System.nanoTime();
        if (now - lastReport > 30_000_000_000L) {
          lastReport = now;
          System.err.printf(
              Locale.ROOT,
              "  … %d/%d registered (%.0f/s)%n",
              done.get(),
              count,
              done.get() / ((now - start) / 1e9));
        }
      }
      slots.acquire(IN_FLIGHT);
      return refused.get();
    }

    long waiting() {
      try {
        String body = get("/api/v1/parallel-queue?limit=1");
        int at = body.indexOf("\"waitingCount\"");
        if (at < 0) {
          return -1;
        }
        int colon = body.indexOf(':', at);
        int end = colon + 1;
        while (end < body.length()
            && (Character.isDigit(body.charAt(end)) || body.charAt(end) == ' ')) {
          end++;
        }
        return Long.parseLong(body.substring(colon + 1, end).trim());
      } catch (Exception e) {
        return -1;
      }
    }

    long heapUsed() {
      return (long) metric("jvm_memory_used_bytes", "area=\"heap\"");
    }

    double completed() {
      return metric("ordo_messages_completed_total", null);
    }

    /** A metric summed over its label sets (those containing {@code labelFilter} if given). */
    private double metric(String name, String labelFilter) {
      String text;
      try {
        text = get("/metrics");
      } catch (Exception e) {
        return -1;
      }
      double sum = 0;
      for (String line : text.split("\n")) {
        if (!line.startsWith(name + "{") && !line.startsWith(name + " ")) {
          continue;
        }
        if (labelFilter != null && !line.contains(labelFilter)) {
          continue;
        }
        try {
          sum += Double.parseDouble(line.substring(line.lastIndexOf(' ') + 1));
        } catch (NumberFormatException e) {
          // a malformed sample: skip it
        }
      }
      return sum;
    }

    private String get(String path) throws IOException, InterruptedException {
      HttpResponse<String> r =
          http.send(request(path).GET().build(), HttpResponse.BodyHandlers.ofString());
      if (r.statusCode() != 200) {
        throw new IOException("GET " + path + ": " + r.statusCode());
      }
      return r.body();
    }

    private HttpRequest.Builder request(String path) {
      return HttpRequest.newBuilder(URI.create(url + path))
          .timeout(Duration.ofSeconds(60))
          .header("Authorization", "Bearer " + token);
    }
  }
}
