package io.ordo.queue.http;

import io.ordo.ErrorCode;
import io.ordo.TaskControlException;
import io.ordo.parameter.InputValues;
import io.ordo.parameter.StrictJson;
import io.vertx.core.Handler;
import io.vertx.core.MultiMap;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpHeaders;
import io.vertx.core.http.HttpServerRequest;
import io.vertx.core.json.DecodeException;
import io.vertx.core.json.JsonObject;
import io.vertx.ext.web.RoutingContext;
import io.vertx.ext.web.handler.HttpException;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The checks every request passes before authentication and routing (SPEC 10): its framing (no
 * Content-Length beside Transfer-Encoding, one Host, Content-Type, Authorization, Ordo-Tenant and
 * Idempotency-Key header each, a decodable path without dot segments), no NUL in a header, query or
 * path, a JSON media type for a body, and a body of well-formed UTF-8 and JSON ({@link JsonBody})
 * whose every text and number {@link InputValues} accepts. Each refusal is a problem response
 * naming what is wrong.
 */
final class RequestGuard {
  /** The one media type request bodies have; matched case-insensitively, parameters aside. */
  static final String JSON = "application/json";

  /** Jackson's nesting limit for any JSON document (StreamReadConstraints' default). */
  static final int MAX_BODY_DEPTH = 1000;

  /** The routing context's key of the body as {@link #body} decoded it, for the route's handler. */
  private static final String DECODED_BODY = "ordo.decodedBody";

  /**
   * Headers that name one thing: two of them would leave which one counts to the reader (the first,
   * as Vert.x reads a header; a proxy may take the last).
   */
  private static final List<String> SINGLE_HEADERS =
      List.of(
          "Host", // RFC 9112, 3.2: a request with more than one is answered 400
          "Content-Type",
          "Authorization",
          BearerAuthHandler.TENANT_HEADER,
          "Idempotency-Key");

  private RequestGuard() {}

  /** Framing, headers, path and query: mounted first on the node's router, for every path. */
  static void framing(RoutingContext rc) {
    HttpServerRequest request = rc.request();
    MultiMap headers = request.headers();
    if (headers.contains(HttpHeaders.TRANSFER_ENCODING)
        && headers.contains(HttpHeaders.CONTENT_LENGTH)) {
      // The shape of request smuggling: two framings a proxy and this node may read differently.
      rc.response().putHeader(HttpHeaders.CONNECTION, "close");
      refuse(rc, "a request may not have both Content-Length and Transfer-Encoding");
      return;
    }
    String coding = headers.get(HttpHeaders.TRANSFER_ENCODING);
    if (coding != null && !coding.trim().equalsIgnoreCase("chunked")) {
      // Netty reads the body as chunked whatever codings come before; gzip's bytes would be read
      // as the JSON they are not
      rc.response().putHeader(HttpHeaders.CONNECTION, "close");
      refuse(
          rc, "the only Transfer-Encoding this node reads is chunked, not '" + coding.trim() + "'");
      return;
    }
    for (String single : SINGLE_HEADERS) {
      if (headers.getAll(single).size() > 1) {
        refuse(rc, "send one " + single + " header, not several");
        return;
      }
    }
    try {
      for (Map.Entry<String, String> header : headers) {
        InputValues.checkText("header " + header.getKey(), header.getValue());
      }
      String path = decodedPath(request.path());
      InputValues.checkText("the path", path);
      if (hasDotSegment(path)) {
        // routing reads the path with its dot segments removed ("/tasks/.." is "/"): the request
        // would reach another resource than the one it names
        refuse(rc, "the path has a '.' or '..' segment; name the resource without them");
        return;
      }
      for (Map.Entry<String, String> query : rc.queryParams()) {
        InputValues.checkText("query parameter " + query.getKey(), query.getKey());
        InputValues.checkText("query parameter " + query.getKey(), query.getValue());
      }
    } catch (TaskControlException e) {
      Problems.send(rc, e);
      return;
    } catch (IllegalArgumentException | HttpException e) {
      // the path's decoding (ours) or the query's (Vert.x Web's, wrapped)
      Problems.send(rc, Problems.MALFORMED_ESCAPE);
      return;
    }
    rc.next();
  }

  /** Whether a decoded path has a segment that is '.' or '..'. */
  private static boolean hasDotSegment(String path) {
    if (path.indexOf('.') < 0) {
      return false; // most paths, a registration's among them: no split on the way
    }
    for (String segment : path.split("/", -1)) {
      if (segment.equals(".") || segment.equals("..")) {
        return true;
      }
    }
    return false;
  }

  /**
   * Reads an API request's body with {@code bodies} when its media type is JSON or not given (the
   * body check refuses a body without one): a body of another media type is refused (415) unread,
   * and a request of another media type that sends no body goes on without reading. Vert.x's body
   * handler decodes a form itself, and throws on one sent with a method other than POST, PUT, PATCH
   * or DELETE (a GET's was a 500); a form is no JSON, whatever the method.
   */
  static void readBody(RoutingContext rc, Handler<RoutingContext> bodies) {
    String contentType = rc.request().getHeader(HttpHeaders.CONTENT_TYPE);
    if (contentType == null || isJson(contentType)) {
      bodies.handle(rc);
      return;
    }
    // the token check may have paused the request for the body handler: an unread body's bytes are
    // then dropped, and the connection reads on to the next request
    rc.request().resume();
    if (sentBody(rc.request())) {
      Problems.send(rc, unsupported(contentType));
    } else {
      rc.next();
    }
  }

  /**
   * The body of an API request, after it was read ({@link #readBody}): no content coding, a JSON
   * media type, well-formed UTF-8, valid JSON nested at most {@value #MAX_BODY_DEPTH} deep, and
   * values {@link InputValues} accepts.
   */
  static void body(RoutingContext rc) {
    Buffer body = rc.body() == null ? null : rc.body().buffer();
    String contentType = rc.request().getHeader(HttpHeaders.CONTENT_TYPE);
    if (body == null || body.length() == 0) {
      if (sentBody(rc.request()) && !isJson(contentType)) {
        // announced (chunked) without a media type, though empty: refused as such a body is
        Problems.send(rc, unsupported(contentType));
      } else {
        rc.next();
      }
      return;
    }
    String coding = rc.request().getHeader(HttpHeaders.CONTENT_ENCODING);
    if (coding != null && !coding.trim().equalsIgnoreCase("identity")) {
      // RFC 9110, 15.5.16: a content coding the server does not decode is 415, not a body
      // read as if it were not encoded
      Problems.send(
          rc,
          new TaskControlException(
              ErrorCode.UNSUPPORTED_MEDIA_TYPE,
              "send request bodies without a content coding, not '" + coding.trim() + "'"));
      return;
    }
    if (!isJson(contentType)) {
      Problems.send(rc, unsupported(contentType));
      return;
    }
    // The OpenAPI validator matches media types case-sensitively: hand it the canonical form.
    rc.request().headers().set(HttpHeaders.CONTENT_TYPE, canonical(contentType));
    int malformed = JsonBody.malformedUtf8At(body);
    if (malformed >= 0) {
      refuse(
          rc,
          "the body is not valid UTF-8 (at byte "
              + malformed
              + ": an overlong form, an encoded surrogate or a byte that begins no character)");
      return;
    }
    Object value;
    try {
      value = StrictJson.decode(body);
    } catch (DecodeException e) {
      Problems.send(rc, undecodable(e));
      return;
    }
    try {
      InputValues.checkJson("", value);
    } catch (TaskControlException e) {
      Problems.send(rc, e);
      return;
    }
    rc.put(DECODED_BODY, value);
    rc.next();
  }

  /**
   * The request's body as a JSON object, as {@link #body} decoded it before the route's handler (so
   * that a handler does not decode it again); {@code null} for an empty body.
   */
  static JsonObject jsonObject(RoutingContext rc) {
    return rc.get(DECODED_BODY) instanceof JsonObject decoded ? decoded : rc.body().asJsonObject();
  }

  /** {@link #jsonObject}, or an empty object for a request without a body (its fields optional). */
  static JsonObject jsonObjectOrEmpty(RoutingContext rc) {
    JsonObject body = jsonObject(rc);
    return body == null ? new JsonObject() : body;
  }

  /**
   * Whether the request's head announces a body: a Content-Length above 0 (Netty refused one that
   * is no number) or a Transfer-Encoding.
   */
  private static boolean sentBody(HttpServerRequest request) {
    String length = request.getHeader(HttpHeaders.CONTENT_LENGTH);
    return request.headers().contains(HttpHeaders.TRANSFER_ENCODING)
        || length != null && !length.trim().chars().allMatch(c -> c == '0');
  }

  private static TaskControlException unsupported(String contentType) {
    return new TaskControlException(
        ErrorCode.UNSUPPORTED_MEDIA_TYPE,
        "send request bodies as " + JSON + ", not " + describe(contentType));
  }

  static boolean isJson(String contentType) {
    return contentType != null && JSON.equals(mediaType(contentType));
  }

  private static String mediaType(String contentType) {
    int semicolon = contentType.indexOf(';');
    String type = semicolon < 0 ? contentType : contentType.substring(0, semicolon);
    return type.trim().toLowerCase(Locale.ROOT);
  }

  private static String canonical(String contentType) {
    int semicolon = contentType.indexOf(';');
    return semicolon < 0 ? JSON : JSON + contentType.substring(semicolon);
  }

  private static TaskControlException undecodable(DecodeException e) {
    for (Throwable cause = e; cause != null; cause = cause.getCause()) {
      if (cause.getClass().getSimpleName().equals("StreamConstraintsException")) {
        return new TaskControlException(
            ErrorCode.INVALID_PARAMETER,
            "the body is nested more than " + MAX_BODY_DEPTH + " levels deep, or too long");
      }
    }
    String twice = StrictJson.namedTwice(e);
    if (twice != null) {
      return new TaskControlException(ErrorCode.INVALID_REQUEST, "the body " + twice);
    }
    return new TaskControlException(ErrorCode.INVALID_REQUEST, "the body is not valid JSON");
  }

  private static String decodedPath(String path) {
    return path == null || path.indexOf('%') < 0
        ? path
        : URLDecoder.decode(path.replace("+", "%2B"), StandardCharsets.UTF_8);
  }

  private static String describe(String contentType) {
    return contentType == null ? "without a Content-Type" : "'" + mediaType(contentType) + "'";
  }

  private static void refuse(RoutingContext rc, String detail) {
    Problems.send(rc, new TaskControlException(ErrorCode.INVALID_REQUEST, detail));
  }
}
