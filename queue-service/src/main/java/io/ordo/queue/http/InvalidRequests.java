package io.ordo.queue.http;

import io.netty.handler.codec.http.TooLongHttpHeaderException;
import io.netty.handler.codec.http.TooLongHttpLineException;
import io.ordo.ErrorCode;
import io.ordo.TaskControlException;
import io.vertx.core.Handler;
import io.vertx.core.http.HttpServerOptions;
import io.vertx.core.http.HttpServerRequest;

/**
 * Answers the requests whose head Netty's decoder could not read (the server's {@code
 * invalidRequestHandler}), before any route sees them: with a problem document, as every other
 * refusal, instead of Vert.x's empty 414, 431 and 400. The connection is closed after the answer:
 * where the next request on it begins is not known.
 */
public final class InvalidRequests implements Handler<HttpServerRequest> {
  private static final TaskControlException MALFORMED =
      new TaskControlException(
          ErrorCode.INVALID_REQUEST,
          "the request is not well-formed HTTP/1.1 (its request line, a header line or its"
              + " framing: lines end with CRLF, one Content-Length, a method of letters)");

  private final TaskControlException lineTooLong;
  private final TaskControlException headersTooLarge;

  /** For a server of these options (their line and header limits are named in the answers). */
  public InvalidRequests(HttpServerOptions options) {
    lineTooLong =
        new TaskControlException(
            ErrorCode.URI_TOO_LONG,
            "the request line is longer than "
                + options.getMaxInitialLineLength()
                + " bytes; send long values in a body");
    headersTooLarge =
        new TaskControlException(
            ErrorCode.HEADERS_TOO_LARGE,
            "the request's headers are larger than " + options.getMaxHeaderSize() + " bytes");
  }

  @Override
  public void handle(HttpServerRequest request) {
    Throwable cause = request.decoderResult().cause();
    TaskControlException problem =
        cause instanceof TooLongHttpLineException
            ? lineTooLong
            : cause instanceof TooLongHttpHeaderException ? headersTooLarge : MALFORMED;
    request
        .response()
        .setStatusCode(problem.code().httpStatus())
        .putHeader("content-type", "application/problem+json")
        .putHeader("connection", "close")
        .end(Problems.body(problem).encode())
        .onComplete(done -> request.connection().close());
  }
}
