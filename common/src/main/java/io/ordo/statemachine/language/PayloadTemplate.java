package io.ordo.statemachine.language;

import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.util.HashMap;
import java.util.Map;

/**
 * A payload template: the value of {@code Parameters}, {@code ResultSelector} or {@code
 * ItemSelector}. It is copied as it is, except that a field whose name ends in {@code .$} takes the
 * value of its expression, under the name without {@code .$}: a path on the input ({@code $...}), a
 * path on the context object ({@code $$...}), or an intrinsic function call (see {@link
 * IntrinsicFunctions} for the supported ones). Objects nested in objects and arrays are processed
 * the same way.
 */
public final class PayloadTemplate {

  private static final String SUFFIX = ".$";

  private final JsonObject template;
  private final Map<String, Expression> expressions = new HashMap<>();

  private PayloadTemplate(JsonObject template) {
    this.template = template.copy();
    compile(this.template);
  }

  /**
   * Reads a template, checking every {@code .$} expression.
   *
   * @throws IllegalArgumentException naming the first bad expression
   */
  public static PayloadTemplate of(JsonObject template) {
    return new PayloadTemplate(template);
  }

  /** The field an expression field sets: its name without {@code .$}. */
  static String target(String expressionField) {
    return expressionField.substring(0, expressionField.length() - SUFFIX.length());
  }

  /** Whether a field name asks for its value to be computed. */
  static boolean isExpressionField(String name) {
    return name.endsWith(SUFFIX) && name.length() > SUFFIX.length();
  }

  /**
   * Produces the payload for one input.
   *
   * @param input the document {@code $} paths read: the effective input for Parameters and
   *     ItemSelector, the task's result for ResultSelector
   * @param context the context object {@code $$} paths read
   * @throws StatesException {@code States.Runtime} if a path matches nothing (as Step Functions
   *     answers, although it documents {@code States.ParameterPathFailure}; a runtime error is not
   *     caught by Retry or Catch), {@code States.IntrinsicFailure} if a function fails
   */
  public JsonObject apply(Object input, JsonObject context) {
    return (JsonObject) render(template, input, context);
  }

  /** The template as written in the definition. */
  public JsonObject template() {
    return template.copy();
  }

  private void compile(Object node) {
    if (node instanceof JsonObject object) {
      for (String name : object.fieldNames()) {
        Object value = object.getValue(name);
        if (isExpressionField(name)) {
          if (!(value instanceof String text)) {
            throw new IllegalArgumentException(
                "the value of '" + name + "' must be a string holding a path or function call");
          }
          expressions.computeIfAbsent(text, Expression::parse);
        } else {
          compile(value);
        }
      }
    } else if (node instanceof JsonArray array) {
      array.forEach(this::compile);
    }
  }

  private Object render(Object node, Object input, JsonObject context) {
    if (node instanceof JsonObject object) {
      JsonObject rendered = new JsonObject();
      for (String name : object.fieldNames()) {
        Object value = object.getValue(name);
        if (isExpressionField(name)) {
          rendered.put(target(name), evaluate(name, (String) value, input, context));
        } else {
          rendered.put(name, render(value, input, context));
        }
      }
      return rendered;
    }
    if (node instanceof JsonArray array) {
      JsonArray rendered = new JsonArray();
      array.forEach(element -> rendered.add(render(element, input, context)));
      return rendered;
    }
    return node;
  }

  private Object evaluate(String field, String text, Object input, JsonObject context) {
    try {
      return expressions.get(text).evaluate(input, context);
    } catch (PathFailure missing) {
      throw new StatesException(
          StatesError.RUNTIME,
          "The path '"
              + missing.path()
              + "' specified for the field '"
              + field
              + "' matched nothing: "
              + missing.getMessage());
    }
  }

  @Override
  public boolean equals(Object other) {
    return other instanceof PayloadTemplate that && that.template.equals(template);
  }

  @Override
  public int hashCode() {
    return template.hashCode();
  }

  @Override
  public String toString() {
    return template.encode();
  }
}
