package io.ordo.bus;

import io.ordo.ErrorCode;
import io.ordo.TaskControlException;
import io.ordo.TaskControlExceptions;
import io.ordo.db.DatabaseOutage;
import io.vertx.core.eventbus.Message;
import io.vertx.core.eventbus.ReplyException;
import io.vertx.core.eventbus.ReplyFailure;
import io.vertx.core.json.DecodeException;
import io.vertx.core.json.JsonObject;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The one place where domain exceptions become event-bus failures and back: the failure code is the
 * {@link ErrorCode}'s bus code, the failure message a JSON object {message, details}.
 */
public final class BusErrors {
  private static final Logger LOG = LoggerFactory.getLogger(BusErrors.class);

  private BusErrors() {}

  /** Fails a request with the error, keeping its code and details. */
  public static void fail(Message<?> message, Throwable error) {
    TaskControlException domain = asDomain(error);
    if (domain.code() == ErrorCode.INTERNAL) {
      LOG.error("Request to {} failed", message.address(), error);
    } else if (DatabaseOutage.isOutage(error)) {
      LOG.warn("Request to {}: database unreachable: {}", message.address(), error.toString());
    }
    message.fail(
        domain.code().busFailureCode(),
        new JsonObject()
            .put("message", domain.getMessage())
            .put("details", domain.details())
            .encode());
  }

  /** Rebuilds the domain exception from a failed request (timeouts become {@code unavailable}). */
  public static RuntimeException toDomain(Throwable error) {
    if (error instanceof ReplyException reply) {
      if (reply.failureType() != ReplyFailure.RECIPIENT_FAILURE) {
        return new TaskControlException(ErrorCode.UNAVAILABLE, unavailable(reply), reply);
      }
      ErrorCode code = ErrorCode.fromBusFailureCode(reply.failureCode());
      try {
        JsonObject body = new JsonObject(reply.getMessage());
        return TaskControlExceptions.of(
            code, body.getString("message"), body.getJsonObject("details", new JsonObject()));
      } catch (DecodeException | NullPointerException e) {
        return new TaskControlException(code, String.valueOf(reply.getMessage()));
      }
    }
    if (DatabaseOutage.isOutage(error)) {
      return DatabaseOutage.unavailable(error);
    }
    return error instanceof RuntimeException runtime
        ? runtime
        : new TaskControlException(ErrorCode.INTERNAL, error.getMessage(), error);
  }

  /**
   * Why a service did not answer, in words a caller can use: Vert.x's own text names its reply
   * address and timeout in milliseconds ("Timed out after waiting 30000(ms) for a reply. address:
   * __vertx.reply.…"), which a problem document must not carry.
   */
  static String unavailable(ReplyException reply) {
    return switch (reply.failureType()) {
      case TIMEOUT ->
          "service unavailable: the service that serves this request did not answer in time"
              + " (paused or overloaded); try again shortly";
      case NO_HANDLERS ->
          "service unavailable: no node of the farm serves this request now; try again shortly";
      default -> "service unavailable; try again shortly";
    };
  }

  private static TaskControlException asDomain(Throwable error) {
    if (error instanceof TaskControlException domain) {
      return domain;
    }
    if (error instanceof IllegalArgumentException invalid) {
      return new TaskControlException(ErrorCode.INVALID_PARAMETER, invalid.getMessage());
    }
    if (DatabaseOutage.isOutage(error)) {
      return DatabaseOutage.unavailable(error);
    }
    return new TaskControlException(ErrorCode.INTERNAL, "internal error: " + error, error);
  }
}
