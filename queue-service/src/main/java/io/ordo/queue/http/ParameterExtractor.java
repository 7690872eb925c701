package io.ordo.queue.http;

import io.ordo.ErrorCode;
import io.ordo.TaskControlException;
import io.vertx.core.Future;
import io.vertx.core.http.HttpHeaders;
import io.vertx.core.http.HttpServerRequest;
import io.vertx.ext.web.RoutingContext;
import io.vertx.ext.web.openapi.router.RequestExtractor;
import io.vertx.json.schema.common.dsl.SchemaType;
import io.vertx.openapi.contract.Operation;
import io.vertx.openapi.contract.Parameter;
import io.vertx.openapi.validation.RequestParameter;
import io.vertx.openapi.validation.ValidatableRequest;
import io.vertx.openapi.validation.impl.RequestParameterImpl;
import io.vertx.openapi.validation.impl.ValidatableRequestImpl;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * Reads an operation's parameters for validation as the route's handlers read them. Vert.x OpenAPI
 * 5.0.10's own extraction ({@code RequestUtils}) percent-decodes header values, which HTTP does not
 * encode ({@code Idempotency-Key: 50%off} was refused as a malformed escape), decodes query values
 * a second time after Vert.x Web decoded them ({@code ?taskClassName=100%25} was refused), and of a
 * repeated query parameter checks the first value while a handler may read another. Here a header
 * is its text, a query value is decoded once, a path segment once ('+' is no space in a path), and
 * a single-valued query parameter given twice is refused, naming it. The contract has no cookie
 * parameters.
 */
final class ParameterExtractor implements RequestExtractor {
  @Override
  public Future<ValidatableRequest> extractValidatableRequest(
      RoutingContext rc, Operation operation) {
    Map<String, RequestParameter> headers = new HashMap<>();
    Map<String, RequestParameter> path = new HashMap<>();
    Map<String, RequestParameter> query = new HashMap<>();
    HttpServerRequest request = rc.request();
    try {
      for (Parameter parameter : operation.getParameters()) {
        String name = parameter.getName();
        switch (parameter.getIn()) {
          case HEADER -> headers.put(name, value(request.getHeader(name)));
          case PATH -> path.put(name, pathSegment(request, operation, name));
          case QUERY -> query.put(name, queryValue(rc, parameter));
          default -> {} // none in the contract
        }
      }
    } catch (TaskControlException e) {
      return Future.failedFuture(e);
    }
    if (operation.getRequestBody() == null) {
      return Future.succeededFuture(new ValidatableRequestImpl(Map.of(), headers, path, query));
    }
    return Future.succeededFuture(
        new ValidatableRequestImpl(
            Map.of(),
            headers,
            path,
            query,
            new RequestParameterImpl(rc.body().buffer()),
            request.getHeader(HttpHeaders.CONTENT_TYPE)));
  }

  /**
   * A query parameter's value: an exploded array's values as the form transformer reads them
   * ({@code status=A&status=B}), any other parameter's one value.
   *
   * @throws TaskControlException if a single-valued parameter is given more than once
   */
  private static RequestParameter queryValue(RoutingContext rc, Parameter parameter) {
    String name = parameter.getName();
    List<String> values = rc.queryParams().getAll(name);
    if (values.isEmpty()) {
      return value(null);
    }
    if (parameter.getSchemaType() == SchemaType.ARRAY && parameter.isExplode()) {
      return value(values.stream().map(v -> name + "=" + v).collect(Collectors.joining("&")));
    }
    if (values.size() > 1) {
      throw new TaskControlException(
          ErrorCode.INVALID_REQUEST,
          "query parameter "
              + name
              + " is given "
              + values.size()
              + " times; send it once (which one counted was up to the reader)");
    }
    return value(values.get(0));
  }

  /**
   * The path segment that the operation's template names {@code name}, percent-decoded. A malformed
   * escape was refused before routing (RequestGuard.framing).
   */
  private static RequestParameter pathSegment(
      HttpServerRequest request, Operation operation, String name) {
    String template = operation.getAbsoluteOpenAPIPath();
    int segment =
        (int)
            template
                .substring(0, template.indexOf("{" + name + "}"))
                .chars()
                .filter(c -> c == '/')
                .count();
    String[] segments = request.path().substring(1).split("/");
    if (segments.length < segment) {
      return value(null);
    }
    String raw = segments[segment - 1];
    return value(
        raw.indexOf('%') < 0
            ? raw
            : URLDecoder.decode(raw.replace("+", "%2B"), StandardCharsets.UTF_8));
  }

  private static RequestParameter value(Object value) {
    return new RequestParameterImpl(value);
  }
}
