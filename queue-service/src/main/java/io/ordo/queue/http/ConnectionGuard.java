package io.ordo.queue.http;

import static java.nio.charset.StandardCharsets.ISO_8859_1;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.ChannelDuplexHandler;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.ChannelPipeline;
import io.netty.handler.codec.http.HttpRequest;
import io.netty.handler.codec.http.HttpRequestDecoder;
import io.netty.handler.codec.http.LastHttpContent;
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
 *       the idle timeout from ever firing).
 * </ul>
 *
 * Reaches into Vert.x's pipeline (its request decoder is named {@code httpDecoder}); a connection
 * of another shape (HTTP/2) is left as it is.
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
    private static final String REFUSAL_BODY =
        "{\"type\":\"urn:ordo:problem:invalid_request\",\"title\":\"Invalid request\","
            + "\"status\":400,\"detail\":\"a request may not have both Content-Length and"
            + " Transfer-Encoding\",\"code\":\"invalid_request\"}";

    private final long timeoutMillis;
    private final StringBuilder head = new StringBuilder();
    private boolean inRequest;
    private boolean headScanned;
    private ScheduledFuture<?> deadline;

    final ChannelInboundHandlerAdapter start =
        new ChannelInboundHandlerAdapter() {
          @Override
          public void channelRead(ChannelHandlerContext ctx, Object msg) {
            if (!inRequest && deadline == null) {
              deadline =
                  ctx.executor().schedule(() -> ctx.close(), timeoutMillis, TimeUnit.MILLISECONDS);
            }
            if (!inRequest && !headScanned && msg instanceof ByteBuf bytes && framedTwice(bytes)) {
              bytes.release();
              cancel();
              refuse(ctx);
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
            if (msg instanceof HttpRequest) {
              cancel();
              inRequest = true;
            }
            if (msg instanceof LastHttpContent) {
              inRequest = false;
              headScanned = false;
              head.setLength(0);
            }
            ctx.fireChannelRead(msg);
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

    private static void refuse(ChannelHandlerContext ctx) {
      byte[] body = REFUSAL_BODY.getBytes(ISO_8859_1);
      String response =
          "HTTP/1.1 400 Bad Request\r\ncontent-type: application/problem+json\r\n"
              + "content-length: "
              + body.length
              + "\r\nconnection: close\r\n\r\n"
              + REFUSAL_BODY;
      ctx.writeAndFlush(Unpooled.copiedBuffer(response, ISO_8859_1))
          .addListener(ChannelFutureListener.CLOSE);
    }

    private void cancel() {
      if (deadline != null) {
        deadline.cancel(false);
        deadline = null;
      }
    }
  }
}
