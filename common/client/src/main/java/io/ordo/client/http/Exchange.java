package io.ordo.client.http;

import io.ordo.client.http.exception.ConnectionFailedException;
import io.ordo.client.http.exception.TaskControlException;
import java.io.IOException;
import java.net.ConnectException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpConnectTimeoutException;
import java.net.http.HttpHeaders;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpResponse.BodyHandler;
import java.net.http.HttpResponse.BodySubscribers;
import java.net.http.HttpTimeoutException;
import java.nio.channels.UnresolvedAddressException;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.StringJoiner;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Executor;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Supplier;

/**
 * Sends {@link Call}s with the bearer token and retries those that may be sent again (after a lost
 * answer or a 429/502/503/504) with exponential back-off. The blocking form sends and reads on the
 * caller's thread, so what it throws carries the caller's stack; the async form never throws.
 */
final class Exchange {
  /** The longest wait between two attempts of a call. */
  private static final Duration MAX_DELAY = Duration.ofSeconds(10);

  private final HttpClient http;
  private final String api;
  private final Supplier<String> token;
  private final Duration requestTimeout;
  private final int maxRetries;
  private final Duration retryDelay;
  private final Duration streamIdleTimeout;
  // the longest answer body read (a stream's excepted); a longer one fails with invalid_answer
  private final long maxAnswerBytes;
  // the tenant an admin token acts on (Ordo-Tenant), or null for the token's own
  private final String tenant;
  private volatile boolean closed;
  // calls' attempts and futures, and followed histories, that close() ends
  private final Set<CompletableFuture<?>> underWay = ConcurrentHashMap.newKeySet();

  Exchange(
      HttpClient http,
      String api,
      Supplier<String> token,
      Duration requestTimeout,
      int maxRetries,
      Duration retryDelay,
      Duration streamIdleTimeout,
      long maxAnswerBytes,
      String tenant) {
    this.http = http;
    this.api = api;
    this.token = token;
    this.requestTimeout = requestTimeout;
    this.maxRetries = maxRetries;
    this.retryDelay = retryDelay;
    this.streamIdleTimeout = streamIdleTimeout;
    this.maxAnswerBytes = maxAnswerBytes;
    this.tenant = tenant;
  }

  /**
   * Refuses every later call and stream (the client was closed), and ends those under way at once:
   * each fails with {@link IllegalStateException} and its connection is closed (the client's own
   * worker threads, which deliver answers, are about to end).
   */
  void close() {
    closed = true;
    for (CompletableFuture<?> work : List.copyOf(underWay)) {
      work.completeExceptionally(closedException());
    }
  }

  /**
   * Counts {@code work} (a call's attempt or future, a followed history's done) as under way until
   * it completes, so that {@link #close} ends it.
   *
   * @throws IllegalStateException the client is closed
   */
  void track(CompletableFuture<?> work) {
    underWay.add(work);
    work.whenComplete((ignored, error) -> underWay.remove(work));
    if (closed) {
      work.completeExceptionally(closedException()); // closed while it started
      refuseIfClosed();
    }
  }

  private IllegalStateException closedException() {
    return new IllegalStateException("the client " + api + " is closed");
  }

  /** Whether calls without a caller's idempotency key should get one made up (retries are on). */
  boolean retries() {
    return maxRetries > 0;
  }

  /** Sends a call and waits for its answer, on the caller's thread. */
  <T> T call(Call<T> call) {
    for (int attempt = 0; ; attempt++) {
      HttpResponse<byte[]> response;
      CompletableFuture<HttpResponse<byte[]>> sent = send(call);
      track(sent);
      try {
        response = sent.get();
      } catch (ExecutionException e) {
        IOException lost = transportFailure(e.getCause());
        if (lost != null && again(call, attempt)) {
          pause(delay(attempt));
          continue;
        }
        throw failure(call, e.getCause());
      } catch (InterruptedException e) {
        sent.cancel(true);
        Thread.currentThread().interrupt();
        throw new ConnectionFailedException("interrupted while waiting for " + describe(call), e);
      }
      if (isUnavailable(response.statusCode()) && again(call, attempt)) {
        pause(delay(attempt, response.headers()));
        continue;
      }
      return call.answer(response.statusCode(), response.headers(), response.body());
    }
  }

  /**
   * Sends a call; the future fails with the same exceptions as {@link #call}, including what
   * preparing the request throws (an invalid argument, or even a {@link StackOverflowError}). A
   * future the caller completes (cancel, complete, orTimeout) ends the call as an interrupt ends a
   * blocking one: the exchange under way is cancelled, which closes its connection, and no retry is
   * sent after it.
   */
  <T> CompletableFuture<T> callAsync(Supplier<Call<T>> build) {
    Call<T> call;
    try {
      call = build.get();
    } catch (RuntimeException | Error e) {
      return CompletableFuture.failedFuture(e);
    }
    CompletableFuture<T> result = new CompletableFuture<>();
    AtomicReference<Future<?>> sending = new AtomicReference<>();
    result.whenComplete(
        (ignored, error) -> {
          Future<?> sent = sending.get();
          if (sent != null) {
            sent.cancel(true); // done, whoever completed it: give the exchange up
          }
        });
    try {
      track(result);
    } catch (IllegalStateException closed) {
      return result; // failed with it
    }
    attempt(call, 0, result, sending);
    return result;
  }

  /** Sends attempt {@code attempt} of a call unless {@code result} is done, and completes it. */
  private <T> void attempt(
      Call<T> call, int attempt, CompletableFuture<T> result, AtomicReference<Future<?>> sending) {
    if (result.isDone()) {
      return; // the caller gave the call up
    }
    CompletableFuture<HttpResponse<byte[]>> sent;
    try {
      sent = send(call);
    } catch (RuntimeException | Error e) {
      result.completeExceptionally(e);
      return;
    }
    sending.set(sent);
    if (result.isDone()) {
      sent.cancel(true); // given up while it was sent
      return;
    }
    sent.whenComplete(
        (response, error) -> {
          if (error != null) {
            Throwable cause = unwrap(error);
            if (transportFailure(cause) != null && again(call, attempt)) {
              later(delay(attempt), () -> attempt(call, attempt + 1, result, sending));
            } else {
              result.completeExceptionally(failure(call, cause));
            }
            return;
          }
          if (isUnavailable(response.statusCode()) && again(call, attempt)) {
            later(
                delay(attempt, response.headers()),
                () -> attempt(call, attempt + 1, result, sending));
            return;
          }
          try {
            result.complete(
                call.answer(response.statusCode(), response.headers(), response.body()));
          } catch (RuntimeException e) {
            result.completeExceptionally(e);
          }
        });
  }

  /**
   * Sends one attempt of a call. The request timeout bounds the whole answer, its body included
   * ({@link HttpRequest#timeout} alone ends at the headers): past it the exchange is cancelled,
   * which closes its connection, and the future fails with a {@link TimeoutException}.
   */
  private CompletableFuture<HttpResponse<byte[]>> send(Call<?> call) {
    CompletableFuture<HttpResponse<byte[]>> exchange =
        http.sendAsync(request(call), info -> new BoundedBody(info, maxAnswerBytes));
    CompletableFuture<HttpResponse<byte[]>> answer = new CompletableFuture<>();
    exchange.whenComplete(
        (response, error) -> {
          if (error == null) {
            answer.complete(response);
          } else {
            answer.completeExceptionally(unwrap(error));
          }
        });
    answer
        .orTimeout(requestTimeout.toMillis(), TimeUnit.MILLISECONDS)
        .whenComplete(
            (response, error) -> {
              if (error != null) {
                exchange.cancel(true); // the answer is given up: close its connection
              }
            });
    return answer;
  }

  /** The failure as a lost answer (to retry), or null if it is not one. */
  private IOException transportFailure(Throwable failure) {
    if (failure instanceof IOException io) {
      return io;
    }
    if (failure instanceof TimeoutException) {
      return new HttpTimeoutException("no complete answer within " + requestTimeout);
    }
    return null;
  }

  private static Throwable unwrap(Throwable error) {
    Throwable cause = error;
    while ((cause instanceof CompletionException || cause instanceof ExecutionException)
        && cause.getCause() != null) {
      cause = cause.getCause();
    }
    return cause;
  }

  private boolean again(Call<?> call, int attempt) {
    return call.isRetryable() && attempt < maxRetries;
  }

  /** Not served now, by the node or a gateway: 429, 502, 503, 504 (retried, with Retry-After). */
  private static boolean isUnavailable(int status) {
    return status == 429 || status == 502 || status == 503 || status == 504;
  }

  /** The back-off before retry {@code attempt + 1}: the delay, doubled each time, at most 10 s. */
  private Duration delay(int attempt) {
    long millis = retryDelay.toMillis() << Math.min(attempt, 10);
    return Duration.ofMillis(Math.min(millis, MAX_DELAY.toMillis()));
  }

  /**
   * The wait before retry {@code attempt + 1} after an unavailable answer: the back-off, or the
   * answer's {@code Retry-After} if that is longer (at most 10 s).
   */
  Duration delay(int attempt, HttpHeaders headers) {
    Duration backOff = delay(attempt);
    Duration asked = Problems.retryAfter(headers);
    if (asked == null) {
      return backOff;
    }
    Duration capped = asked.compareTo(MAX_DELAY) > 0 ? MAX_DELAY : asked;
    return capped.compareTo(backOff) > 0 ? capped : backOff;
  }

  private void pause(Duration delay) {
    try {
      Thread.sleep(delay.toMillis());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new ConnectionFailedException("interrupted between retries", e);
    }
  }

  /**
   * Opens the Server-Sent Events stream at {@code path}, after the event {@code lastEventId} (sent
   * as {@code Last-Event-ID} when above 0), and hands its lines to {@code lines}. The future
   * completes when the stream ends: normally, or with the connection's failure (an {@link
   * IOException}, an {@link HttpTimeoutException} when the headers took longer than the request
   * timeout); at once with the problem's exception for an answer other than 200. The body has no
   * timeout: a stream stays open for as long as its history does. {@link EventStreamLines#cancel}
   * closes the connection, whether its headers came or not.
   */
  CompletableFuture<Void> stream(String path, long lastEventId, EventStreamLines lines) {
    refuseIfClosed();
    HttpRequest.Builder request =
        HttpRequest.newBuilder(URI.create(api + path))
            .timeout(requestTimeout) // the JDK's request timeout ends at the headers
            .header("Accept", "text/event-stream, application/problem+json")
            .header("User-Agent", "ordo-client");
    authorize(request);
    if (lastEventId > 0) {
      request.header("Last-Event-ID", Long.toString(lastEventId));
    }
    BodyHandler<byte[]> body =
        info ->
            info.statusCode() == 200
                ? BodySubscribers.mapping(
                    BodySubscribers.fromLineSubscriber(lines), ended -> (byte[]) null)
                : new BoundedBody(info, maxAnswerBytes);
    CompletableFuture<HttpResponse<byte[]>> exchange = http.sendAsync(request.GET().build(), body);
    lines.opened(exchange);
    return exchange.thenApply(
        response -> {
          if (response.statusCode() != 200) {
            throw Problems.toException(response.statusCode(), response.headers(), response.body());
          }
          return null;
        });
  }

  /** How often a stream that ended is opened again in a row (the calls' retries). */
  int maxRetries() {
    return maxRetries;
  }

  /** How long a stream may stay silent before it is taken for lost. */
  Duration streamIdleTimeout() {
    return streamIdleTimeout;
  }

  /** Runs {@code next} after the back-off before retry {@code attempt + 1}. */
  void after(int attempt, Runnable next) {
    later(delay(attempt), next);
  }

  /** Runs {@code next} after {@code delay}, on the common pool. */
  static void later(Duration delay, Runnable next) {
    delayed(delay).execute(next);
  }

  /** An executor that runs what it is given after {@code delay}, on the common pool. */
  private static Executor delayed(Duration delay) {
    return CompletableFuture.delayedExecutor(delay.toMillis(), TimeUnit.MILLISECONDS);
  }

  private void authorize(HttpRequest.Builder request) {
    String bearer = token.get();
    if (bearer != null) {
      request.header("Authorization", "Bearer " + bearer(bearer));
    }
    if (tenant != null) {
      request.header("Ordo-Tenant", tenant);
    }
  }

  /**
   * A token as it is sent: without surrounding white space (a secret file's trailing newline), and
   * only of visible ASCII characters, which a bearer token consists of.
   *
   * @throws IllegalArgumentException empty, or another character is in it; the message never shows
   *     the token, which would put a secret into logs
   */
  static String bearer(String token) {
    String stripped = token.strip();
    if (stripped.isEmpty()) {
      throw new IllegalArgumentException("the token is empty");
    }
    int unsendable = firstUnsendable(stripped);
    if (unsendable >= 0) {
      throw new IllegalArgumentException(
          "the token has a character that cannot be sent in an HTTP header (a control"
              + " character, a space or a non-ASCII character) at position "
              + (token.indexOf(stripped) + unsendable + 1)
              + " of "
              + token.length()
              + "; the token is not shown");
    }
    return stripped;
  }

  /**
   * A header value the caller chose (a tenant, a traceparent), as it is sent.
   *
   * @throws IllegalArgumentException null, empty, longer than {@code maxLength}, or with a
   *     character other than visible ASCII (which a header cannot carry)
   */
  static String headerValue(String name, String value, int maxLength) {
    if (value == null || value.isEmpty() || value.length() > maxLength) {
      throw new IllegalArgumentException(name + " must be 1 to " + maxLength + " characters");
    }
    int unsendable = firstUnsendable(value);
    if (unsendable >= 0) {
      throw new IllegalArgumentException(
          name
              + " must be visible ASCII; it has another character at position "
              + (unsendable + 1));
    }
    return value;
  }

  /** The index of the first character that is not visible ASCII, or -1 if there is none. */
  private static int firstUnsendable(String text) {
    for (int i = 0; i < text.length(); i++) {
      char c = text.charAt(i);
      if (c < 0x21 || c > 0x7e) {
        return i;
      }
    }
    return -1;
  }

  private HttpRequest request(Call<?> call) {
    refuseIfClosed();
    StringJoiner query = new StringJoiner("&", "?", "").setEmptyValue("");
    call.query.forEach((name, value) -> query.add(name + "=" + Call.segment(value)));
    HttpRequest.Builder request =
        HttpRequest.newBuilder(URI.create(api + call.path + query))
            .timeout(requestTimeout)
            .header("Accept", "application/json, application/problem+json")
            .header("User-Agent", "ordo-client");
    authorize(request);
    if (call.idempotencyKey() != null) {
      request.header("Idempotency-Key", call.idempotencyKey());
    }
    if (call.traceparent() != null) {
      request.header("traceparent", call.traceparent());
    }
    if (call.body == null) {
      return request.method(call.method, HttpRequest.BodyPublishers.noBody()).build();
    }
    return request
        .header("Content-Type", "application/json")
        .method(call.method, HttpRequest.BodyPublishers.ofByteArray(call.body))
        .build();
  }

  private void refuseIfClosed() {
    if (closed) {
      throw new IllegalStateException("the client " + api + " is closed");
    }
  }

  /** What a failed exchange throws: no answer, an answer too large, or what the JDK threw. */
  private RuntimeException failure(Call<?> call, Throwable failure) {
    Throwable cause = unwrap(failure);
    if (cause instanceof BoundedBody.TooLarge tooLarge) {
      return new TaskControlException(
          "invalid_answer",
          tooLarge.status,
          "the answer of "
              + describe(call)
              + " is longer than "
              + tooLarge.limit
              + " bytes, the client's maxAnswerBytes: raise it (OrdoClient.Builder.maxAnswerBytes),"
              + " or ask for fewer entries (a smaller limit or page size)",
          Map.of(),
          null);
    }
    IOException lost = transportFailure(cause);
    if (lost != null) {
      return new ConnectionFailedException(
          "no answer from Ordo for " + describe(call) + ": " + reason(lost), lost);
    }
    if (cause instanceof RuntimeException runtime) {
      return runtime;
    }
    return new ConnectionFailedException("the call " + describe(call) + " failed: " + cause, cause);
  }

  /** A lost answer's reason, in words (the JDK's exceptions often have no message). */
  private String reason(IOException e) {
    if (e instanceof ConnectException && e.getCause() instanceof UnresolvedAddressException) {
      return "unknown host: " + URI.create(api).getHost() + " cannot be resolved";
    }
    if (e instanceof ConnectException) {
      return "connection refused";
    }
    if (e instanceof HttpConnectTimeoutException) {
      return "no connection within the connect timeout";
    }
    if (e instanceof HttpTimeoutException) {
      return "no complete answer within the request timeout (" + requestTimeout + ")";
    }
    return e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
  }

  private String describe(Call<?> call) {
    return call.method + " " + api + call.path;
  }
}
