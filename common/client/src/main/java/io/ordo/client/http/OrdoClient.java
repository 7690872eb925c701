package io.ordo.client.http;

import java.net.URI;
import java.net.http.HttpClient;
import java.time.Duration;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;

/**
 * The entry point of Ordo's Java client: one tenant's {@link TaskManager} and {@link
 * StateMachineManager} over the HTTP API, with nothing but the JDK's {@link HttpClient} and
 * Jackson. Thread-safe and cheap to create; share one per application and base URL, and {@link
 * #close()} one that is made for a short while.
 *
 * <pre>{@code
 * OrdoClient ordo = OrdoClient.builder()
 *     .baseUrl("http://127.0.0.1:8080")
 *     .token(System.getenv("ORDO_TOKEN"))
 *     .build();
 * ParallelizedTaskMessage m = ordo.tasks().addParallelizedTask("Echo", Map.of("greeting", "hi"));
 * }</pre>
 */
public final class OrdoClient implements AutoCloseable {
  /** How long a connection may take to open, unless set. */
  public static final Duration DEFAULT_CONNECT_TIMEOUT = Duration.ofSeconds(10);

  /** How long one request may take, unless set; a release waits for the task's release(). */
  public static final Duration DEFAULT_REQUEST_TIMEOUT = Duration.ofSeconds(60);

  /** How often a call that may be repeated is sent again after a lost answer, unless set. */
  public static final int DEFAULT_MAX_RETRIES = 2;

  /** The first back-off between retries (doubled each time, at most 10 s), unless set. */
  public static final Duration DEFAULT_RETRY_DELAY = Duration.ofMillis(200);

  /**
   * How long a followed history stream may stay silent before it is opened again, unless set: three
   * of the node's keep-alives (one every 15 s).
   */
  public static final Duration DEFAULT_STREAM_IDLE_TIMEOUT = Duration.ofSeconds(45);

  /**
   * The longest timeout, retry delay or stream idle timeout a builder takes: a year. There is no
   * "no timeout"; a longer duration (e.g. {@code ChronoUnit.FOREVER.getDuration()}) would overflow
   * the arithmetic of the JDK's timers.
   */
  public static final Duration MAX_DURATION = Duration.ofDays(365);

  /**
   * The longest answer body the client reads, unless set: 64 MiB. A page of 1,000 task infos whose
   * parameters average more than 64 KiB is longer (the node takes parameters of up to 1 MiB).
   */
  public static final long DEFAULT_MAX_ANSWER_BYTES = 64L << 20;

  /** The most {@link Builder#maxAnswerBytes} may be: 1 GiB, about half the longest Java array. */
  public static final long MAX_ANSWER_BYTES_LIMIT = 1L << 30;

  private final TaskManager tasks;
  private final StateMachineManager stateMachines;
  private final ScheduleManager schedules;
  private final Exchange exchange;
  private final String apiBase;
  // the HttpClient's executor when the client made its own HttpClient, else null
  private final ExecutorService executor;
  private static final AtomicInteger CLIENTS = new AtomicInteger();

  private OrdoClient(Builder builder) {
    this.apiBase = apiBase(builder.baseUrl);
    this.executor = builder.httpClient != null ? null : workers();
    HttpClient http =
        builder.httpClient != null
            ? builder.httpClient
            : HttpClient.newBuilder()
                .version(HttpClient.Version.HTTP_1_1)
                .connectTimeout(builder.connectTimeout)
                .executor(executor)
                .build();
    Exchange exchange =
        new Exchange(
            http,
            apiBase,
            builder.token,
            builder.requestTimeout,
            builder.maxRetries,
            builder.retryDelay,
            builder.streamIdleTimeout,
            builder.maxAnswerBytes,
            builder.tenant);
    this.exchange = exchange;
    this.tasks = new HttpTaskManager(exchange);
    this.stateMachines = new HttpStateMachineManager(exchange);
    this.schedules = new HttpScheduleManager(exchange);
  }

  /** Starts a client's configuration; only the base URL is required. */
  public static Builder builder() {
    return new Builder();
  }

  /** Task messages and queues: the seed's {@code TaskManager}. */
  public TaskManager tasks() {
    return tasks;
  }

  /** State machines and their executions. */
  public StateMachineManager stateMachines() {
    return stateMachines;
  }

  /** Recurring schedules that register task messages or start executions. */
  public ScheduleManager schedules() {
    return schedules;
  }

  /**
   * The farm's live runners, by node name: threads, load, task types, version and lease (needs the
   * operator or admin role; runners are farm-wide, the same for every tenant).
   *
   * @throws io.ordo.client.http.exception.ForbiddenException the token's role is submitter
   */
  public List<Runner> runners() {
    return exchange.call(Runner.list());
  }

  /** The async form of {@link #runners()}. */
  public CompletableFuture<List<Runner>> runnersAsync() {
    return exchange.callAsync(Runner::list);
  }

  /** The API's base this client calls, e.g. {@code http://127.0.0.1:8080/api/v1}. */
  public String apiBase() {
    return apiBase;
  }

  private static String apiBase(URI baseUrl) {
    if (baseUrl == null) {
      throw new IllegalArgumentException("the base URL must be given");
    }
    String scheme = baseUrl.getScheme();
    if (!"http".equalsIgnoreCase(scheme) && !"https".equalsIgnoreCase(scheme)) {
      throw new IllegalArgumentException("the base URL must be http or https, got " + baseUrl);
    }
    if (baseUrl.getHost() == null) {
      throw new IllegalArgumentException("the base URL must name a host, got " + baseUrl);
    }
    if (baseUrl.getRawQuery() != null || baseUrl.getRawFragment() != null) {
      throw new IllegalArgumentException(
          "the base URL must have no query or fragment (each call adds its path), got " + baseUrl);
    }
    String base = baseUrl.toString();
    while (base.endsWith("/")) {
      base = base.substring(0, base.length() - 1);
    }
    return base.endsWith("/api/v1") ? base : base + "/api/v1";
  }

  /**
   * The threads of the client's own HttpClient, as the JDK's default (a cached pool), but daemon
   * threads that {@link #close()} can end.
   */
  private static ExecutorService workers() {
    String prefix = "ordo-client-" + CLIENTS.incrementAndGet() + "-worker-";
    AtomicInteger threads = new AtomicInteger();
    return Executors.newCachedThreadPool(
        work -> {
          Thread thread = new Thread(work, prefix + threads.incrementAndGet());
          thread.setDaemon(true);
          return thread;
        });
  }

  /**
   * Ends the worker threads of the client's own HttpClient at once instead of after their idle
   * minute; for applications that make short-lived clients (share one per application where you
   * can). Calls and followed histories still under way end at once: each fails with {@link
   * IllegalStateException} (a blocking call throws it, an async call's future and a follow's {@link
   * HistoryFollow#done()} fail with it) and its connection is closed. A call made after it throws
   * {@link IllegalStateException}; closing again does nothing. The JDK 17 HttpClient has no close
   * of its own: its selector thread ends when the client is garbage collected. With a shared {@link
   * Builder#httpClient} this only refuses later calls; the shared client stays the application's to
   * manage.
   */
  @Override
  public void close() {
    exchange.close();
    if (executor != null) {
      executor.shutdownNow();
    }
  }

  /** The client's own HttpClient executor (null with a shared HttpClient), for tests. */
  ExecutorService executor() {
    return executor;
  }

  @Override
  public String toString() {
    return "OrdoClient{" + apiBase + "}";
  }

  /** Configures an {@link OrdoClient}; each setter checks its value at once. */
  public static final class Builder {
    private URI baseUrl;
    private Supplier<String> token = () -> null;
    private Duration connectTimeout = DEFAULT_CONNECT_TIMEOUT;
    private Duration requestTimeout = DEFAULT_REQUEST_TIMEOUT;
    private int maxRetries = DEFAULT_MAX_RETRIES;
    private Duration retryDelay = DEFAULT_RETRY_DELAY;
    private Duration streamIdleTimeout = DEFAULT_STREAM_IDLE_TIMEOUT;
    private long maxAnswerBytes = DEFAULT_MAX_ANSWER_BYTES;
    private String tenant;
    private HttpClient httpClient;

    private Builder() {}

    /**
     * The node or gateway, e.g. {@code http://127.0.0.1:8080}; {@code /api/v1} is appended unless
     * the URL ends with it.
     *
     * @throws IllegalArgumentException null, not an http or https URL, without a host, or with a
     *     query or fragment
     */
    public Builder baseUrl(String baseUrl) {
      if (baseUrl == null) {
        throw new IllegalArgumentException("the base URL must be given");
      }
      return baseUrl(URI.create(baseUrl));
    }

    /** As {@link #baseUrl(String)}. */
    public Builder baseUrl(URI baseUrl) {
      apiBase(baseUrl);
      this.baseUrl = baseUrl;
      return this;
    }

    /**
     * The API token (sent as {@code Authorization: Bearer}); it decides tenant and role. White
     * space around it is dropped (a token read from a secret file usually ends with a newline).
     *
     * @throws IllegalArgumentException null, empty, or with a character other than visible ASCII
     *     inside it (a control character such as CR or LF, a space, a non-ASCII letter); the
     *     message does not show the token
     */
    public Builder token(String token) {
      if (token == null) {
        throw new IllegalArgumentException("the token must be given");
      }
      String bearer = Exchange.bearer(token);
      this.token = () -> bearer;
      return this;
    }

    /**
     * The tenant an admin token acts on, sent as {@code Ordo-Tenant} with every request (streams
     * included); without it a token acts on its own tenant. Only an admin token may name another
     * tenant: the node refuses a submitter's or operator's with {@link
     * io.ordo.client.http.exception.ForbiddenException}, and answers a tenant it does not know with
     * {@link io.ordo.client.http.exception.NotFoundException}.
     *
     * @throws IllegalArgumentException null, empty, longer than 255 characters, or with a character
     *     other than visible ASCII (which a header cannot carry)
     */
    public Builder tenant(String tenant) {
      this.tenant = Exchange.headerValue("tenant", tenant, 255);
      return this;
    }

    /**
     * Where to get the token for each request, for tokens that are rotated (e.g. read from a secret
     * store); it is called once per request and may answer null for none. Its tokens are checked
     * and stripped as {@link #token(String)} does, at each request: a call with a token that cannot
     * be sent throws (or its future fails with) {@link IllegalArgumentException}.
     */
    public Builder tokenSupplier(Supplier<String> tokenSupplier) {
      this.token = Objects.requireNonNull(tokenSupplier, "tokenSupplier");
      return this;
    }

    /**
     * How long opening a connection may take.
     *
     * @throws IllegalArgumentException not positive, or over {@link #MAX_DURATION}
     */
    public Builder connectTimeout(Duration timeout) {
      this.connectTimeout = positive(timeout, "connectTimeout");
      return this;
    }

    /**
     * How long one request may take until its whole answer, headers and body, has come; a retry
     * gets as long again. Past it the connection is closed and the attempt counts as a lost answer
     * ({@link io.ordo.client.http.exception.ConnectionFailedException} once the retries are spent).
     * A followed history's stream waits this long for its headers only.
     *
     * @throws IllegalArgumentException not positive, or over {@link #MAX_DURATION}
     */
    public Builder requestTimeout(Duration timeout) {
      this.requestTimeout = positive(timeout, "requestTimeout");
      return this;
    }

    /**
     * How often a call that may be repeated (reads, registrations with their idempotency key, named
     * execution starts, stops of executions) is sent again after a lost answer or a 429/502/503/504
     * (waiting the answer's {@code Retry-After} when longer than the back-off, at most 10 s); 0
     * turns retries off. Removals, queue additions, releases and forced stops are never repeated: a
     * repeat could answer differently.
     *
     * @throws IllegalArgumentException negative or over 10
     */
    public Builder maxRetries(int maxRetries) {
      if (maxRetries < 0 || maxRetries > 10) {
        throw new IllegalArgumentException("maxRetries must be 0 to 10, got " + maxRetries);
      }
      this.maxRetries = maxRetries;
      return this;
    }

    /**
     * The back-off before the first retry; doubled before each further one, at most 10 s.
     *
     * @throws IllegalArgumentException not positive, or over {@link #MAX_DURATION}
     */
    public Builder retryDelay(Duration delay) {
      this.retryDelay = positive(delay, "retryDelay");
      return this;
    }

    /**
     * How long a followed history stream ({@link TaskManager#followTaskHistory}) may stay silent
     * before the client takes its connection for lost and opens the stream again (the node sends a
     * keep-alive every 15 s, so a silent connection leads to a node that stopped, e.g. paused).
     *
     * @throws IllegalArgumentException not positive, or over {@link #MAX_DURATION}
     */
    public Builder streamIdleTimeout(Duration timeout) {
      this.streamIdleTimeout = positive(timeout, "streamIdleTimeout");
      return this;
    }

    /**
     * The longest answer body the client reads (a followed history's stream excepted), so that an
     * endless answer cannot fill the heap; a longer one fails the call with a {@link
     * io.ordo.client.http.exception.TaskControlException} of code {@code invalid_answer}, and its
     * connection is closed. The answer is held whole, as bytes and then as a JSON tree, so allow
     * for a few times this much heap. Raise it when the tenant's lists carry large parameters: a
     * queue's waiting list, {@link TaskManager#getRegisteredInfo()} (every queue's) and a page of
     * {@link TaskManager#list} hold up to 1,000 task infos, and a history page up to 1,000 events.
     *
     * @throws IllegalArgumentException under 64 KiB or over {@link #MAX_ANSWER_BYTES_LIMIT}
     */
    public Builder maxAnswerBytes(long bytes) {
      if (bytes < 64 * 1024 || bytes > MAX_ANSWER_BYTES_LIMIT) {
        throw new IllegalArgumentException(
            "maxAnswerBytes must be 65536 (64 KiB) to "
                + MAX_ANSWER_BYTES_LIMIT
                + " (1 GiB), got "
                + bytes);
      }
      this.maxAnswerBytes = bytes;
      return this;
    }

    /**
     * A JDK {@link HttpClient} to share (its own connect timeout, proxy, TLS and executor then
     * apply); by default the client makes its own, HTTP/1.1.
     */
    public Builder httpClient(HttpClient httpClient) {
      this.httpClient = Objects.requireNonNull(httpClient, "httpClient");
      return this;
    }

    /**
     * The client.
     *
     * @throws IllegalArgumentException no base URL was given
     */
    public OrdoClient build() {
      return new OrdoClient(this);
    }

    private static Duration positive(Duration duration, String name) {
      if (duration == null
          || duration.isNegative()
          || duration.isZero()
          || duration.compareTo(MAX_DURATION) > 0) {
        throw new IllegalArgumentException(
            name + " must be positive and at most " + MAX_DURATION + " (a year), got " + duration);
      }
      return duration;
    }
  }
}
