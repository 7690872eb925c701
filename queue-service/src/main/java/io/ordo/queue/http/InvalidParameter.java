package io.ordo.queue.http;

import io.vertx.openapi.contract.Parameter;
import io.vertx.openapi.validation.SchemaValidationException;
import java.util.Locale;

/**
 * A parameter's value that broke its schema, with where the parameter is and its name: Vert.x
 * OpenAPI states both only in the words of its message, which a body's errors could echo.
 */
final class InvalidParameter extends SchemaValidationException {
  private final String location;
  private final String name;

  InvalidParameter(Parameter parameter, SchemaValidationException error) {
    super(error.getMessage(), error.type(), error.getOutputUnit(), error.getCause());
    this.location = parameter.getIn().name().toLowerCase(Locale.ROOT);
    this.name = parameter.getName();
  }

  /** {@code query}, {@code path}, {@code header} or {@code cookie}. */
  String location() {
    return location;
  }

  String name() {
    return name;
  }
}
