package io.ordo.queue.http;

import io.netty.handler.codec.http.HttpResponseStatus;
import io.ordo.ErrorCode;
import io.ordo.TaskControlException;
import io.vertx.core.Future;
import io.vertx.core.Handler;
import io.vertx.core.Vertx;
import io.vertx.ext.web.RoutingContext;
import io.vertx.ext.web.handler.HttpException;
import io.vertx.ext.web.openapi.router.RequestExtractor;
import io.vertx.ext.web.openapi.router.RouterBuilder;
import io.vertx.openapi.contract.OpenAPIContract;
import io.vertx.openapi.contract.Operation;
import io.vertx.openapi.contract.Parameter;
import io.vertx.openapi.validation.RequestParameter;
import io.vertx.openapi.validation.ValidatableRequest;
import io.vertx.openapi.validation.ValidatedRequest;
import io.vertx.openapi.validation.ValidatorException;
import io.vertx.openapi.validation.impl.RequestValidatorImpl;
import io.vertx.openapi.validation.impl.ValidatedRequestImpl;
import java.util.HashMap;
import java.util.Map;

/**
 * Validates a request against its operation on the event loop, as the OpenAPI router would, but
 * without its hand-over to a worker thread: Vert.x OpenAPI 5.0.10's {@code RequestValidator} runs
 * every validation in {@code executeBlocking}. With each schema's validator built once ({@link
 * CachedValidatorsContract}) a validation is microseconds of CPU, less than the hand-over to a
 * worker and back. The parameters and the body are checked by the library's own {@code
 * validateParameter} and {@code validateBody}, in the order its {@code validate} has: the validated
 * request in the routing context under {@link RouterBuilder#KEY_META_DATA_VALIDATED_REQUEST}, or a
 * 400 {@link HttpException} wrapping the {@link ValidatorException}; a parameter's is re-thrown as
 * an {@link InvalidParameter} that names the parameter.
 */
final class InlineRequestValidation {
  private final RequestValidatorImpl validator;
  private final RequestExtractor extractor;

  InlineRequestValidation(Vertx vertx, OpenAPIContract contract, RequestExtractor extractor) {
    this.validator = new RequestValidatorImpl(vertx, contract);
    this.extractor = extractor;
  }

  /** The first handler of the operation's route. */
  Handler<RoutingContext> handler(Operation operation) {
    return rc ->
        extracted(rc, operation)
            .compose(request -> validated(request, operation))
            .onSuccess(
                validated -> {
                  rc.put(RouterBuilder.KEY_META_DATA_VALIDATED_REQUEST, validated);
                  rc.next();
                })
            .onFailure(
                error ->
                    rc.fail(
                        error instanceof ValidatorException
                            ? new HttpException(
                                HttpResponseStatus.BAD_REQUEST.code(), error.getMessage(), error)
                            : error));
  }

  /**
   * The operation's parameters as Vert.x OpenAPI reads them. It percent-decodes every value as it
   * reads it, the headers' too ({@code Idempotency-Key: 50%} cannot be read), and throws before any
   * is validated: such a refusal names no parameter, and would read as the body's.
   */
  private Future<ValidatableRequest> extracted(RoutingContext rc, Operation operation) {
    try {
      return extractor.extractValidatableRequest(rc, operation);
    } catch (ValidatorException e) {
      return Future.failedFuture(
          new TaskControlException(
              ErrorCode.INVALID_REQUEST,
              "a header, path or query value of the request has a malformed percent escape (such"
                  + " as %zz or a lone %); send % as %25"));
    }
  }

  private Future<ValidatedRequest> validated(ValidatableRequest request, Operation operation) {
    try {
      return Future.succeededFuture(validate(request, operation));
    } catch (ValidatorException e) {
      return Future.failedFuture(e);
    }
  }

  private ValidatedRequest validate(ValidatableRequest request, Operation operation) {
    Map<String, RequestParameter> cookies = new HashMap<>();
    Map<String, RequestParameter> headers = new HashMap<>();
    Map<String, RequestParameter> path = new HashMap<>();
    Map<String, RequestParameter> query = new HashMap<>();
    for (Parameter parameter : operation.getParameters()) {
      String name = parameter.getName();
      switch (parameter.getIn()) {
        case COOKIE -> cookies.put(name, check(parameter, request.getCookies()));
        case HEADER -> headers.put(name, check(parameter, request.getHeaders()));
        case PATH -> path.put(name, check(parameter, request.getPathParameters()));
        case QUERY -> query.put(name, check(parameter, request.getQuery()));
      }
    }
    RequestParameter body = validator.validateBody(operation.getRequestBody(), request);
    return new ValidatedRequestImpl(cookies, headers, path, query, body);
  }

  private RequestParameter check(Parameter parameter, Map<String, RequestParameter> values) {
    try {
      return validator.validateParameter(parameter, values.get(parameter.getName()));
    } catch (ValidatorException e) {
      throw new InvalidParameter(parameter, e);
    }
  }
}
