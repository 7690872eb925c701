package io.ordo.queue.http;

import io.netty.handler.codec.http.HttpResponseStatus;
import io.vertx.core.Future;
import io.vertx.core.Handler;
import io.vertx.core.Vertx;
import io.vertx.ext.web.RoutingContext;
import io.vertx.ext.web.handler.HttpException;
import io.vertx.ext.web.openapi.router.RequestExtractor;
import io.vertx.ext.web.openapi.router.RouterBuilder;
import io.vertx.json.schema.JsonSchemaValidationException;
import io.vertx.json.schema.OutputUnit;
import io.vertx.json.schema.SchemaRepository;
import io.vertx.json.schema.common.dsl.SchemaType;
import io.vertx.openapi.contract.OpenAPIContract;
import io.vertx.openapi.contract.Operation;
import io.vertx.openapi.contract.Parameter;
import io.vertx.openapi.validation.RequestParameter;
import io.vertx.openapi.validation.SchemaValidationException;
import io.vertx.openapi.validation.ValidatableRequest;
import io.vertx.openapi.validation.ValidatedRequest;
import io.vertx.openapi.validation.ValidatorException;
import io.vertx.openapi.validation.impl.RequestParameterImpl;
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
 * validateParameter} (a string parameter's as the string it is, {@link #checkString}) and {@code
 * validateBody}, in the order its {@code validate} has: the validated request in the routing
 * context under {@link RouterBuilder#KEY_META_DATA_VALIDATED_REQUEST}, or a 400 {@link
 * HttpException} wrapping the {@link ValidatorException}; a parameter's is re-thrown as an {@link
 * InvalidParameter} that names the parameter.
 */
final class InlineRequestValidation {
  private final RequestValidatorImpl validator;
  private final SchemaRepository strings;
  private final RequestExtractor extractor;

  InlineRequestValidation(Vertx vertx, OpenAPIContract contract, RequestExtractor extractor) {
    this.validator = new RequestValidatorImpl(vertx, contract);
    this.strings = contract.getSchemaRepository();
    this.extractor = extractor;
  }

  /** The first handler of the operation's route. */
  Handler<RoutingContext> handler(Operation operation) {
    return rc ->
        extractor
            .extractValidatableRequest(rc, operation)
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
    RequestParameter value = values.get(parameter.getName());
    try {
      if (parameter.getSchemaType() == SchemaType.STRING && value != null && !value.isNull()) {
        return checkString(parameter, value.getString());
      }
      return validator.validateParameter(parameter, value);
    } catch (ValidatorException e) {
      throw new InvalidParameter(parameter, e);
    }
  }

  /**
   * A string parameter's value checked as the string it is. Vert.x OpenAPI 5.0.10 reads a value
   * that is not all word characters as JSON first, so {@code -1} and {@code 1.5} (names the
   * contract's patterns allow) were numbers, {@code {}} an object, and {@code "a"} lost its quotes.
   */
  private RequestParameter checkString(Parameter parameter, String value) {
    OutputUnit result = strings.validator(parameter.getSchema()).validate(value);
    try {
      result.checkValidity();
    } catch (JsonSchemaValidationException e) {
      throw SchemaValidationException.createErrorFromOutputUnitType(parameter, result, e);
    }
    return new RequestParameterImpl(value);
  }
}
