package io.ordo.statemachine.language;

import io.vertx.core.json.JsonObject;
import java.util.ArrayList;
import java.util.List;

/**
 * The value of a payload-template field whose name ends in {@code .$}: a path, or an intrinsic
 * function call whose arguments are literals, paths or further calls.
 */
sealed interface Expression {

  /**
   * Parses the text of a {@code .$} field.
   *
   * @throws IllegalArgumentException naming what is wrong
   */
  static Expression parse(String text) {
    if (text.startsWith("$")) {
      return new PathReference(JsonPath.parse(text));
    }
    return new IntrinsicParser(text).parse();
  }

  /**
   * Evaluates against the effective input and the context object.
   *
   * @throws PathFailure if a path matches nothing
   * @throws StatesException {@code States.IntrinsicFailure} if a function fails
   */
  Object evaluate(Object input, JsonObject context);

  /** A literal argument of an intrinsic function. */
  record Literal(Object value) implements Expression {
    @Override
    public Object evaluate(Object input, JsonObject context) {
      return value;
    }
  }

  /** A path on the input ({@code $...}) or on the context object ({@code $$...}). */
  record PathReference(JsonPath path) implements Expression {
    @Override
    public Object evaluate(Object input, JsonObject context) {
      return path.resolve(input, context);
    }
  }

  /** A call such as {@code States.Format('Hello {}', $.name)}. */
  record FunctionCall(String name, List<Expression> arguments) implements Expression {

    public FunctionCall {
      arguments = List.copyOf(arguments);
    }

    @Override
    public Object evaluate(Object input, JsonObject context) {
      List<Object> values = new ArrayList<>();
      for (Expression argument : arguments) {
        values.add(argument.evaluate(input, context));
      }
      return IntrinsicFunctions.call(name, values);
    }
  }
}
