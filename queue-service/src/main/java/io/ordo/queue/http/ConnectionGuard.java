package io.ordo.queue.http;

import static java.nio.charset.StandardCharsets.ISO_8859_1;
import static java.nio.charset.StandardCharsets.UTF_8;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.ChannelDuplexHandler;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.ChannelPipeline;
import io.netty.channel.ChannelPromise;
import io.netty.handler.codec.http.HttpContent;
import io.netty.handler.codec.http.HttpRequest;
import io.netty.handler.codec.http.HttpRequestDecoder;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.HttpVersion;
import io.netty.handler.codec.http.LastHttpContent;
import io.netty.util.ReferenceCountUtil;
import io.ordo.ErrorCode;
import io.ordo.TaskControlException;
import io.vertx.core.http.HttpConnection;
import io.vertx.core.net.impl.ConnectionBase;
import java.time.Duration;
import java.util.Locale;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;

/**
 * What every HTTP/1.x connection gets below the router, where a request is still bytes:
 *
 * <ul>
 *   <li>a request whose head has both {@code Content-Length} and {@code Transfer-Encoding} is
 *       refused with 400 and the connection closed (Netty would drop the length and go on: the
 *       shape of request smuggling behind a proxy that reads the length). The head is read as bytes
 *       before Netty's decoder; a request pipelined behind another in the same read is left to the
 *       decoder;
 *   <li>a header-read timeout: once a request's first byte arrived, its head must be complete
 *       within the limit, else the connection is closed (a client dripping header bytes would keep
 *       the idle timeout from ever firing);
 *   <li>a request of another HTTP version than 1.0 and 1.1 is refused with 505 (Vert.x would answer
 *       501 without a body, on a status line of the client's version);
 *   <li>a chunked body whose framing Netty could not decode is refused with 400, or, when a
 *       response to its request began already (a route that did not wait for the body), that
 *       response is flushed and the connection closed (Vert.x would close it at once without a
 *       word, dropping an answer it had not yet flushed).
 * </ul>
 *
 * Each refusal is a problem document and closes the connection. Requests whose head Netty could not
 * decode reach {@link InvalidRequests} instead.
 *
 * <p>Reaches into Vert.x's pipeline (its request decoder is named {@code httpDecoder}); a
 * connection of another shape (HTTP/2) is left as it is.
 */
final class ConnectionGuard {
  private static final String DECODER = "httpDecoder";

  private final Duration headerReadTimeout;

  ConnectionGuard(Duration headerReadTimeout) {
    this.headerReadTimeout = headerReadTimeout;
  }

  /** The server's connection handler. */
  void install(HttpConnection connection) {
    if (!(connection instanceof ConnectionBase base)) {
      return;
    }
    ChannelPipeline pipeline = base.channel().pipeline();
    if (!(pipeline.get(DECODER) instanceof HttpRequestDecoder)) {
      return;
    }
    HeadTimer timer = new HeadTimer(headerReadTimeout.toMillis());
    pipeline.addBefore(DECODER, "ordoHeadStart", timer.start);
    pipeline.addAfter(DECODER, "ordoHeadEnd", timer.end);
  }

  /**
   * Watches a request's head as bytes, from its first byte to the decoded request: times it, and
   * reads its header names (Netty's decoder drops Content-Length beside chunked Transfer-Encoding
   * before anyone above it could see both).
   */
  private static final class HeadTimer {
    private static final int MAX_SCANNED = 64 * 1024;
    private static final TaskControlException FRAMED_TWICE =
        new TaskControlException(
            ErrorCode.INVALID_REQUEST,
            "a request may not have both Content-Length and Transfer-Encoding");
    private static final TaskControlException BROKEN_BODY =
        new TaskControlException(
            ErrorCode.INVALID_REQUEST,
            "the request body's chunked framing is malformed (chunk sizes are hexadecimal, each"
                + " chunk ends with CRLF)");
    private static final TaskControlException OTHER_VERSION =
        new TaskControlException(
            ErrorCode.HTTP_VERSION_NOT_SUPPORTED, "this node speaks HTTP/1.1 (and HTTP/1.0)");

    private final long timeoutMillis;
    private final StringBuilder head = new StringBuilder();
    private boolean inRequest;
    private boolean headScanned;
    // whether a response was written since the request in hand began
    private boolean answered;
    // whether the connection was refused: it is closing, and nothing more is read from it
    private boolean refused;
    private ScheduledFuture<?> deadline;

    final ChannelInboundHandlerAdapter start =
        new ChannelInboundHandlerAdapter() {
          @Override
          public void channelRead(ChannelHandlerContext ctx, Object msg) {
            if (!inRequest && deadline == null) {
              deadline =
                  ctx.executor().schedule(() -> ctx.close(), timeoutMillis, TimeUnit.MILLISECONDS);
            }
            if (refused) {
              ReferenceCountUtil.release(msg);
              return;
            }
            if (!inRequest && !headScanned && msg instanceof ByteBuf bytes && framedTwice(bytes)) {
              bytes.release();
              refuse(ctx, FRAMED_TWICE);
              return;
            }
            ctx.fireChannelRead(msg);
          }

          @Override
          public void channelInactive(ChannelHandlerContext ctx) {
            cancel();
            ctx.fireChannelInactive();
          }
        };

    final ChannelDuplexHandler end =
        new ChannelDuplexHandler() {
          @Override
          public void channelRead(ChannelHandlerContext ctx, Object msg) {
            if (refused) {
              ReferenceCountUtil.release(msg);
              return;
            }
            if (msg instanceof HttpRequest request) {
              cancel();
              inRequest = true;
              answered = false;
              if (request.decoderResult().isSuccess() && !spoken(request.protocolVersion())) {
                ReferenceCountUtil.release(msg);
                refuse(ctx, OTHER_VERSION);
                return;
              }
            } else if (msg instanceof HttpContent content && content.decoderResult().isFailure()) {
              // Vert.x would close the connection at once, without a word, even dropping an answer
              // it had written but not yet flushed
              ReferenceCountUtil.release(msg);
              if (answered) {
                cancel();
                refused = true;
                ctx.writeAndFlush(Unpooled.EMPTY_BUFFER).addListener(ChannelFutureListener.CLOSE);
              } else {
                refuse(ctx, BROKEN_BODY);
              }
              return;
            }
            if (msg instanceof LastHttpContent) {
              inRequest = false;
              headScanned = false;
              head.setLength(0);
            }
            ctx.fireChannelRead(msg);
          }

          @Override
          public void write(ChannelHandlerContext ctx, Object msg, ChannelPromise promise) {
            answered = true; // a response to the request in hand began (or one before it ended)
            ctx.write(msg, promise);
          }
        };

    HeadTimer(long timeoutMillis) {
      this.timeoutMillis = timeoutMillis;
    }

    /** Whether the head, once complete, names both Content-Length and Transfer-Encoding. */
    private boolean framedTwice(ByteBuf bytes) {
      head.append(bytes.toString(bytes.readerIndex(), bytes.readableBytes(), ISO_8859_1));
      int end = head.indexOf("\r\n\r\n");
      if (end < 0 && head.length() < MAX_SCANNED) {
        return false;
      }
      headScanned = true;
      String lines = head.substring(0, end < 0 ? head.length() : end).toLowerCase(Locale.ROOT);
      head.setLength(0);
      return lines.contains("\ncontent-length:") && lines.contains("\ntransfer-encoding:");
    }

    /**
     * Answers the problem and closes the connection; whatever else the client sent on it is
     * dropped.
     */
    private void refuse(ChannelHandlerContext ctx, TaskControlException problem) {
      cancel();
      refused = true;
      byte[] body = Problems.body(problem).encode().getBytes(UTF_8);
      HttpResponseStatus status = HttpResponseStatus.valueOf(problem.code().httpStatus());
      String head =
          "HTTP/1.1 "
              + status
              + "\r\ncontent-type: application/problem+json\r\ncontent-length: "
              + body.length
              + "\r\nconnection: close\r\n\r\n";
      ctx.writeAndFlush(Unpooled.wrappedBuffer(head.getBytes(ISO_8859_1), body))
          .addListener(ChannelFutureListener.CLOSE);
    }

    /** The versions the server answers; Vert.x would answer another one 501 without a body. */
    private static boolean spoken(HttpVersion version) {
      return version.majorVersion() == 1 && version.minorVersion() <= 1;
    }

    private void cancel() {
      if (deadline != null) {
        deadline.cancel(false);
        deadline = null;
      }
    }
  }
}
