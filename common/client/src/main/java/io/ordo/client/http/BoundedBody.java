package io.ordo.client.http;

import java.io.ByteArrayOutputStream;
import java.net.http.HttpResponse.BodySubscriber;
import java.net.http.HttpResponse.ResponseInfo;
import java.nio.ByteBuffer;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.Flow;

/**
 * An answer's body as bytes, read up to a bound: past it (or with a {@code Content-Length} over it)
 * the connection is cancelled and the body fails with {@link TooLarge}, so that an endless answer
 * cannot fill the heap.
 */
final class BoundedBody implements BodySubscriber<byte[]> {
  /** The body was longer than the bound; turned into the call's exception by {@link Exchange}. */
  static final class TooLarge extends RuntimeException {
    final int status;
    final long limit;

    TooLarge(int status, long limit) {
      super("an answer of more than " + limit + " bytes", null, false, false);
      this.status = status;
      this.limit = limit;
    }
  }

  private final CompletableFuture<byte[]> body = new CompletableFuture<>();
  private final ByteArrayOutputStream bytes = new ByteArrayOutputStream();
  private final int status;
  private final long limit;
  private final long announced;
  private Flow.Subscription subscription;

  BoundedBody(ResponseInfo info, long limit) {
    this.status = info.statusCode();
    this.limit = limit;
    this.announced = info.headers().firstValueAsLong("Content-Length").orElse(-1);
  }

  @Override
  public CompletionStage<byte[]> getBody() {
    return body;
  }

  @Override
  public void onSubscribe(Flow.Subscription subscription) {
    this.subscription = subscription;
    if (announced > limit) {
      tooLarge();
    } else {
      subscription.request(Long.MAX_VALUE);
    }
  }

  @Override
  public void onNext(List<ByteBuffer> buffers) {
    if (body.isDone()) {
      return;
    }
    for (ByteBuffer buffer : buffers) {
      if (bytes.size() + (long) buffer.remaining() > limit) {
        tooLarge();
        return;
      }
      byte[] chunk = new byte[buffer.remaining()];
      buffer.get(chunk);
      bytes.write(chunk, 0, chunk.length);
    }
  }

  private void tooLarge() {
    subscription.cancel();
    body.completeExceptionally(new TooLarge(status, limit));
  }

  @Override
  public void onError(Throwable failure) {
    body.completeExceptionally(failure);
  }

  @Override
  public void onComplete() {
    body.complete(bytes.toByteArray());
  }
}
