package io.ordo.queue.http;

import io.ordo.ErrorCode;
import io.ordo.TaskControlException;
import io.vertx.core.http.HttpMethod;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import io.vertx.ext.web.Router;
import io.vertx.ext.web.RoutingContext;
import java.util.List;
import java.util.Set;

/**
 * What every router of a node does beside its own routes, the API server's and a runner or history
 * JVM's operations server alike: each request's framing, headers, path and query are checked first
 * ({@link RequestGuard}), {@code HEAD} is routed as {@code GET}, a request no route takes is
 * answered 404 or 405 (with {@code Allow}) as a problem document, and every failure is one too.
 */
public final class UnroutedRequests {
  /** The routing context data key that marks a {@code HEAD} request routed as a {@code GET}. */
  private static final String HEAD_REQUEST = "ordo.headRequest";

  private UnroutedRequests() {}

  /**
   * Mounts it all on a router that serves only its own routes, not the API (an operations server):
   * call it once the router's routes are mounted.
   */
  public static void mountOn(Router router) {
    guard(router);
    answer(router, new AllowedMethods(router));
  }

  /**
   * The checks before every other route (a path-less route never decodes the path, so a malformed
   * one reaches it), and {@code HEAD} as {@code GET}.
   */
  static void guard(Router router) {
    router.route().order(-1).handler(RequestGuard::framing);
    router.route().order(-1).handler(UnroutedRequests::headAsGet);
  }

  /**
   * The last routes: every request no route answered, and every failure, also of a request target
   * that is no path, such as {@code *}.
   */
  static void answer(Router router, AllowedMethods allowed) {
    router.route().handler(rc -> noRoute(rc, allowed));
    router.route().failureHandler(Problems::handle);
  }

  /**
   * HEAD is a GET without its body (RFC 9110, 9.3.2), on every path that answers GET: routed again
   * as a GET, whose body Vert.x leaves out of a HEAD's response (status and headers stay). A route
   * of every method, that passes the others on: a route of HEAD alone matched every path, so Vert.x
   * answered a path no route took 405 "Allow: HEAD".
   */
  private static void headAsGet(RoutingContext rc) {
    if (rc.request().method() == HttpMethod.HEAD) {
      rc.put(HEAD_REQUEST, true);
      rc.reroute(HttpMethod.GET, rc.request().uri());
    } else {
      rc.next();
    }
  }

  /**
   * Whether the client sent {@code HEAD}: such a request is routed as a {@code GET}, whose method
   * it then shows; a handler that would hold the response open (a live tail) ends it instead.
   */
  static boolean isHead(RoutingContext rc) {
    return rc.get(HEAD_REQUEST) != null;
  }

  /**
   * A request no route took: OPTIONS of a path the node has is answered with its methods, another
   * method of it 405, anything else (also a method the path has, such as GET of a UI file that is
   * not there) 404.
   */
  static void noRoute(RoutingContext rc, AllowedMethods allowed) {
    HttpMethod method = rc.request().method();
    String path = rc.request().path();
    // as routes match it (RequestGuard refused dot segments; "//" is one "/")
    Set<String> methods = allowed.on(rc.normalizedPath());
    if (methods.isEmpty() || methods.contains(method.name())) {
      String what = allowed.inApi(path) ? "no API route " : "no route ";
      Problems.send(rc, new TaskControlException(ErrorCode.NOT_FOUND, what + method + " " + path));
      return;
    }
    String allow = String.join(", ", methods) + ", OPTIONS";
    rc.response().putHeader("Allow", allow);
    if (method == HttpMethod.OPTIONS) {
      rc.response().setStatusCode(204).end();
      return;
    }
    Problems.send(
        rc,
        new TaskControlException(
            ErrorCode.METHOD_NOT_ALLOWED,
            method + " is not a method of " + path + "; it has " + allow,
            new JsonObject().put("allowedMethods", new JsonArray(List.copyOf(methods)))));
  }
}
