package io.ordo.queue.http;

import io.ordo.ErrorCode;
import io.ordo.TaskControlException;
import io.ordo.model.TaskInfo;
import io.vertx.core.Future;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import io.vertx.ext.web.RoutingContext;
import java.util.function.Function;
import java.util.function.Predicate;

/** Small helpers that end a request with JSON, or hand a failure to the problem handler. */
final class Responses {
  private Responses() {}

  static void json(RoutingContext rc, int status, Object body) {
    String encoded =
        body instanceof JsonObject object
            ? object.encode()
            : body instanceof JsonArray array ? array.encode() : String.valueOf(body);
    rc.response().setStatusCode(status).putHeader("content-type", "application/json").end(encoded);
  }

  /** Answers with the future's JSON, or fails the request with its error. */
  static void reply(RoutingContext rc, int status, Future<?> result) {
    result.onComplete(
        done -> {
          if (done.failed()) {
            rc.fail(done.cause());
          } else {
            json(rc, status, done.result());
          }
        });
  }

  /**
   * Answers a create-or-replace {@code PUT}: 201 with the resource's {@code Location} when it was
   * created, 200 when it was replaced; the body is what {@code body} makes of the result.
   */
  static <T> void saved(
      RoutingContext rc,
      String location,
      Future<T> result,
      Predicate<T> created,
      Function<T, Object> body) {
    result.onComplete(
        done -> {
          if (done.failed()) {
            rc.fail(done.cause());
            return;
          }
          boolean isNew = created.test(done.result());
          if (isNew) {
            rc.response().putHeader("Location", location);
          }
          json(rc, isNew ? 201 : 200, body.apply(done.result()));
        });
  }

  static void task(RoutingContext rc, int status, Future<TaskInfo> result) {
    result.onComplete(
        done -> {
          if (done.failed()) {
            rc.fail(done.cause());
            return;
          }
          TaskInfo info = done.result();
          if (status == 201) {
            rc.response().putHeader("Location", "/api/v1/tasks/" + info.messageId());
          }
          json(rc, status, info.toJson());
        });
  }

  static void noContent(RoutingContext rc, Future<?> result) {
    result.onComplete(
        done -> {
          if (done.failed()) {
            rc.fail(done.cause());
          } else {
            rc.response().setStatusCode(204).end();
          }
        });
  }

  /** A whole-number query parameter (the OpenAPI document has checked its range). */
  static int intParam(RoutingContext rc, String name, int fallback) {
    String value = rc.queryParams().get(name);
    if (value == null) {
      return fallback;
    }
    try {
      return Integer.parseInt(value.trim());
    } catch (NumberFormatException e) {
      throw new TaskControlException(
          ErrorCode.INVALID_REQUEST, "query parameter " + name + " must be a whole number");
    }
  }

  static boolean boolParam(RoutingContext rc, String name, boolean fallback) {
    String value = rc.queryParams().get(name);
    return value == null ? fallback : Boolean.parseBoolean(value);
  }
}
