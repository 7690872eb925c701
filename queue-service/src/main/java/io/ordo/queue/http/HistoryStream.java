package io.ordo.queue.http;

import static io.ordo.queue.http.BearerAuthHandler.caller;

import io.ordo.ErrorCode;
import io.ordo.TaskControlException;
import io.ordo.bus.Addresses;
import io.ordo.model.Caller;
import io.ordo.queue.QueueServices;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.core.eventbus.MessageConsumer;
import io.vertx.core.http.HttpServerResponse;
import io.vertx.core.json.JsonObject;
import io.vertx.ext.web.RoutingContext;
import io.vertx.ext.web.openapi.router.RouterBuilder;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * {@code GET /tasks/{id}/history/stream} and {@code GET /executions/{id}/history/stream}: a live
 * tail of a history as Server-Sent Events (SPEC 5). New events are fetched when the history service
 * announces them after commit, and once a second regardless (an announcement can be missed; the
 * history cannot). The stream ends once the history is closed and everything was sent; a {@code
 * HEAD} gets the stream's head (200, {@code text/event-stream}) and its end. A read that fails is
 * read again at the next second (the history service may be busy or restarting); a history that is
 * gone (purged while streamed) ends the stream with an {@code error} event carrying the problem.
 */
final class HistoryStream {
  private static final long POLL_MS = 1000;
  private static final long KEEP_ALIVE_MS = 15_000;
  private static final Logger LOG = LoggerFactory.getLogger(HistoryStream.class);

  /** Where a tail reads: the events after one, with whether the history is open. */
  @FunctionalInterface
  interface Source {
    Future<JsonObject> after(Caller caller, String id, long afterEventId);
  }

  private final Vertx vertx;
  private final String idParameter;
  private final Source source;

  /**
   * @param idParameter the path parameter naming the history
   * @param source where the tail reads
   */
  HistoryStream(Vertx vertx, String idParameter, Source source) {
    this.vertx = vertx;
    this.idParameter = idParameter;
    this.source = source;
  }

  /** Mounts the tails of task histories and of state-machine execution histories. */
  static void mount(Vertx vertx, QueueServices services, RouterBuilder builder) {
    builder
        .getRoute("streamTaskHistory")
        .addHandler(new HistoryStream(vertx, "messageId", services.history()::after)::stream);
    builder
        .getRoute("streamExecutionHistory")
        .addHandler(
            new HistoryStream(
                    vertx, "executionId", services.stateMachines().executions()::historyAfter)
                ::stream);
  }

  /** The route's handler (after authentication: the caller is in the routing context). */
  void stream(RoutingContext rc) {
    Caller caller = caller(rc);
    String messageId = rc.pathParam(idParameter);
    String lastEventId = rc.request().getHeader("Last-Event-ID");
    long after;
    try {
      after = lastEventId == null ? 0 : Long.parseLong(lastEventId.trim());
    } catch (NumberFormatException e) {
      after = -1;
    }
    if (after < 0) {
      rc.fail(
          new TaskControlException(
              ErrorCode.INVALID_REQUEST,
              "Last-Event-ID must be the eventId of an event already received (a number >= 0), not '"
                  + lastEventId
                  + "'"));
      return;
    }
    long afterId = after;
    source
        .after(caller, messageId, after)
        .onFailure(rc::fail)
        .onSuccess(
            first -> {
              HttpServerResponse response = rc.response();
              response
                  .setChunked(true)
                  .putHeader("content-type", "text/event-stream")
                  .putHeader("cache-control", "no-cache")
                  .putHeader("x-accel-buffering", "no");
              if (UnroutedRequests.isHead(rc)) {
                response.end(); // a GET's head; a HEAD has no body to hold open
                return;
              }
              new Tail(caller, messageId, response, afterId).start(first);
            });
  }

  /** One client's tail. */
  private final class Tail {
    private final Caller caller;
    private final String messageId;
    private final HttpServerResponse response;
    private long lastSent;
    private boolean fetching;
    private boolean again;
    private boolean done;
    private MessageConsumer<JsonObject> announcements;
    private long poll = -1;
    private long lastWrite = System.currentTimeMillis();

    /**
     * @param after the last event the client has (Last-Event-ID), so that one past the end waits
     *     for newer events instead of replaying the history
     */
    Tail(Caller caller, String messageId, HttpServerResponse response, long after) {
      this.caller = caller;
      this.messageId = messageId;
      this.response = response;
      this.lastSent = after;
    }

    void start(JsonObject first) {
      if (response.closed()) {
        // the client left during the first read: its close handler would never run, and the tail
        // would read the history every second until it closes
        finish();
        return;
      }
      response.closeHandler(v -> finish());
      announcements =
          vertx
              .eventBus()
              .consumer(
                  Addresses.HISTORY_APPENDED,
                  message -> {
                    for (Object item : message.body().getJsonArray("appended")) {
                      JsonObject appended = (JsonObject) item;
                      if (messageId.equals(appended.getString("executionId"))
                          && caller.tenant().equals(appended.getString("tenant"))) {
                        fetch();
                        return;
                      }
                    }
                  });
      poll =
          vertx.setPeriodic(
              POLL_MS,
              id -> {
                fetch();
                if (System.currentTimeMillis() - lastWrite > KEEP_ALIVE_MS) {
                  write(": keep-alive\n\n");
                }
              });
      send(first);
    }

    private void fetch() {
      if (done) {
        return;
      }
      if (fetching) {
        again = true;
        return;
      }
      fetching = true;
      source
          .after(caller, messageId, lastSent)
          .onComplete(
              page -> {
                fetching = false;
                if (page.succeeded()) {
                  send(page.result());
                } else if (gone(page.cause())) {
                  fail(page.cause());
                } else {
                  // read again at the next poll; the client keeps its stream
                  LOG.debug("Reading history {} failed: {}", messageId, page.cause().toString());
                }
                if (again) {
                  again = false;
                  fetch();
                }
              });
    }

    private void send(JsonObject page) {
      if (done) {
        return;
      }
      for (Object item : page.getJsonArray("events")) {
        JsonObject event = (JsonObject) item;
        long eventId = event.getLong("eventId");
        if (eventId <= lastSent) {
          continue;
        }
        lastSent = eventId;
        write(
            "id: "
                + eventId
                + "\nevent: "
                + event.getString("eventType")
                + "\ndata: "
                + event.encode()
                + "\n\n");
      }
      if (!page.getBoolean("open") && lastSent >= page.getLong("lastEventId")) {
        end("event: end\ndata: {}\n\n");
      }
    }

    /** Ends the stream with an {@code error} event: the problem a request would have got. */
    private void fail(Throwable cause) {
      TaskControlException problem = Problems.toProblem(cause, 500);
      end(
          "event: error\ndata: "
              + new JsonObject()
                  .put("code", problem.code().code())
                  .put("detail", problem.getMessage())
                  .encode()
              + "\n\n");
    }

    /** Sends the stream's last message and ends it. */
    private void end(String lastMessage) {
      write(lastMessage);
      if (!response.ended() && !response.closed()) {
        response.end();
      }
      finish();
    }

    private void write(String text) {
      if (!done && !response.ended() && !response.closed()) {
        lastWrite = System.currentTimeMillis();
        response.write(text);
      }
    }

    private void finish() {
      if (done) {
        return;
      }
      done = true;
      if (announcements != null) {
        announcements.unregister();
      }
      if (poll >= 0) {
        vertx.cancelTimer(poll);
      }
    }
  }

  /** Whether a read failed because the history is no longer there (never a transient failure). */
  private static boolean gone(Throwable cause) {
    return cause instanceof TaskControlException problem && problem.code().httpStatus() == 404;
  }
}
