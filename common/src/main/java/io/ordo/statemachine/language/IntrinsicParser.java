package io.ordo.statemachine.language;

import io.ordo.parameter.InputValues;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;

/**
 * Reads an intrinsic function call such as {@code States.Format('{} items', $.count)}. Arguments
 * are single-quoted strings (with {@code \'}, {@code \\}, {@code \{} and {@code \}} escapes, the
 * only ones Step Functions allows: any other is a syntax error), numbers, {@code true}, {@code
 * false}, {@code null}, paths and nested calls.
 */
final class IntrinsicParser extends TextScanner {

  // The characters that a backslash may escape inside a string literal.
  private static final String ESCAPED = "'{}\\";

  // Step Functions allows up to 10 nested intrinsic functions in a field.
  private static final int MAX_NESTED_CALLS = 10;

  private int calls;

  IntrinsicParser(String text) {
    super(text);
  }

  Expression.FunctionCall parse() {
    Expression.FunctionCall call = call();
    skipSpaces();
    if (position != text.length()) {
      throw error("unexpected text after the call at position " + position);
    }
    return call;
  }

  private Expression.FunctionCall call() {
    int start = position;
    while (position < text.length()
        && (Character.isLetterOrDigit(text.charAt(position)) || text.charAt(position) == '.')) {
      position++;
    }
    String name = text.substring(start, position);
    if (name.isEmpty()) {
      throw error("expected a path starting with '$' or an intrinsic function call");
    }
    if (++calls > MAX_NESTED_CALLS) {
      throw error("more than " + MAX_NESTED_CALLS + " intrinsic functions in one field");
    }
    expect('(');
    List<Expression> arguments = new ArrayList<>();
    skipSpaces();
    if (peek() != ')') {
      arguments.add(argument(name.equals("States.Format")));
      skipSpaces();
      while (peek() == ',') {
        position++;
        arguments.add(argument(false));
        skipSpaces();
      }
    }
    expect(')');
    IntrinsicFunctions.checkCall(name, arguments);
    return new Expression.FunctionCall(name, arguments);
  }

  // A Format template keeps its escaped braces apart (see TextFunctions.format).
  private Expression argument(boolean formatTemplate) {
    skipSpaces();
    char c = peek();
    if (c == '\'') {
      return new Expression.Literal(string(formatTemplate));
    }
    if (c == '$') {
      return new Expression.PathReference(JsonPath.parse(pathText()));
    }
    if (c == '-' || Character.isDigit(c)) {
      return new Expression.Literal(number());
    }
    for (String keyword : new String[] {"true", "false", "null"}) {
      if (text.startsWith(keyword, position)) {
        position += keyword.length();
        return new Expression.Literal(keyword.equals("null") ? null : Boolean.valueOf(keyword));
      }
    }
    return call();
  }

  private String string(boolean formatTemplate) {
    StringBuilder value = new StringBuilder();
    position++;
    while (position < text.length() && text.charAt(position) != '\'') {
      char c = text.charAt(position);
      if (c == '\\') {
        position++;
        c = peek();
        if (ESCAPED.indexOf(c) < 0) {
          throw error(
              "illegal escape at position "
                  + (position - 1)
                  + ": only \\', \\{, \\} and \\\\ may be escaped");
        }
        if (formatTemplate && (c == '{' || c == '}')) {
          c = c == '{' ? TextFunctions.ESCAPED_OPEN : TextFunctions.ESCAPED_CLOSE;
        }
      }
      value.append(c);
      position++;
    }
    expect('\'');
    return value.toString();
  }

  // A path runs to the next ',' or ')' that is not inside brackets or quotes.
  private String pathText() {
    int start = position;
    position = JsonPathParser.endOfPath(text, start, ",)");
    return text.substring(start, position);
  }

  private Number number() {
    int start = position;
    position++;
    while (position < text.length() && "0123456789.eE+-".indexOf(text.charAt(position)) >= 0) {
      position++;
    }
    String literal = text.substring(start, position);
    BigDecimal value;
    try {
      value = new BigDecimal(literal);
    } catch (NumberFormatException notANumber) {
      throw error(JsonValues.quoted(literal) + " is not a number");
    }
    // as in state data (InputValues): 1e400 would be Infinity, 1e19 a whole number past a long
    if (!InputValues.inRange(value)) {
      throw error(literal + " is a number out of range: " + InputValues.NUMBER_RANGE);
    }
    if (literal.matches("-?\\d+")) {
      return value.longValueExact();
    }
    return value.doubleValue();
  }

  private void expect(char expected) {
    if (peek() != expected) {
      throw error("expected '" + expected + "' at position " + position);
    }
    position++;
  }

  private IllegalArgumentException error(String reason) {
    return new IllegalArgumentException(reason + " in " + JsonValues.quoted(text));
  }
}
