package io.ordo.queue.http;

import io.vertx.openapi.contract.Parameter;
import io.vertx.openapi.validation.SchemaValidationException;
import io.vertx.openapi.validation.ValidatorException;
import java.util.Locale;

/**
 * A parameter whose value Vert.x OpenAPI refused (missing, unreadable in its style, or breaking its
 * schema), with where the parameter is and its name: Vert.x OpenAPI states both only in the words
 * of its message, which a body's errors could echo.
 */
final class InvalidParameter extends SchemaValidationException {
  private final String place;

  /**
   * @param error Vert.x OpenAPI's refusal; a broken schema's carries its output unit (else null)
   */
  InvalidParameter(Parameter parameter, ValidatorException error) {
    super(
        error.getMessage(),
        error.type(),
        error instanceof SchemaValidationException schema ? schema.getOutputUnit() : null,
        error.getCause());
    this.place = place(parameter);
  }

  /** Where a parameter is and its name, as problems state it: "query parameter limit". */
  static String place(Parameter parameter) {
    return parameter.getIn().name().toLowerCase(Locale.ROOT) + " parameter " + parameter.getName();
  }

  /** The refused parameter's {@link #place(Parameter)}. */
  String place() {
    return place;
  }
}
