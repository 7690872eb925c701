package io.ordo.statemachine.language;

import java.math.BigDecimal;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * The condition of a JSONPath filter {@code [?(...)]}, as Jayway (Step Functions' JSONPath) reads
 * it: comparisons {@code ==}, {@code !=}, {@code <}, {@code <=}, {@code >}, {@code >=} and {@code
 * =~ /regex/} between paths ({@code @...} on the element, {@code $...} on the document) and
 * literals (numbers, quoted strings, {@code true}, {@code false}, {@code null}); a path alone tests
 * that it exists; {@code &&}, {@code ||}, {@code !} and parentheses combine them. A comparison with
 * a path that matches nothing is false.
 */
interface FilterPredicate {

  /** Whether an element passes. */
  boolean test(Object element, Object root);

  /**
   * Parses the text between {@code [?(} and {@code )]}.
   *
   * @throws IllegalArgumentException naming what is wrong
   */
  static FilterPredicate parse(String text) {
    return new Parser(text).parse();
  }

  /** A side of a comparison: a path or a literal; empty if a path matches nothing. */
  interface Operand {
    Optional<Object> value(Object element, Object root);
  }

  /** Reads a filter's text. */
  final class Parser extends TextScanner {
    private static final String OPERATOR_CHARS = "=!<>&|)";

    Parser(String text) {
      super(text);
    }

    FilterPredicate parse() {
      FilterPredicate predicate = or();
      skipSpaces();
      if (position != text.length()) {
        throw error("unexpected text at position " + position);
      }
      return predicate;
    }

    private FilterPredicate or() {
      FilterPredicate left = and();
      while (take("||")) {
        FilterPredicate first = left;
        FilterPredicate second = and();
        left = (element, root) -> first.test(element, root) || second.test(element, root);
      }
      return left;
    }

    private FilterPredicate and() {
      FilterPredicate left = unary();
      while (take("&&")) {
        FilterPredicate first = left;
        FilterPredicate second = unary();
        left = (element, root) -> first.test(element, root) && second.test(element, root);
      }
      return left;
    }

    private FilterPredicate unary() {
      if (take("!")) {
        FilterPredicate negated = unary();
        return (element, root) -> !negated.test(element, root);
      }
      if (take("(")) {
        FilterPredicate inner = or();
        if (!take(")")) {
          throw error("expected ')' at position " + position);
        }
        return inner;
      }
      return comparison();
    }

    private FilterPredicate comparison() {
      Operand left = operand();
      for (String operator : new String[] {"==", "!=", "<=", ">=", "=~", "<", ">"}) {
        if (take(operator)) {
          if (operator.equals("=~")) {
            Pattern pattern = regex();
            return (element, root) ->
                left.value(element, root)
                    .filter(String.class::isInstance)
                    .map(value -> pattern.matcher((String) value).matches())
                    .orElse(false);
          }
          Operand right = operand();
          return (element, root) -> {
            Optional<Object> a = left.value(element, root);
            Optional<Object> b = right.value(element, root);
            return a.isPresent() && b.isPresent() && compare(operator, a.get(), b.get());
          };
        }
      }
      return (element, root) -> left.value(element, root).isPresent();
    }

    private static boolean compare(String operator, Object leftOperand, Object rightOperand) {
      Object left = leftOperand == NULL ? null : leftOperand;
      Object right = rightOperand == NULL ? null : rightOperand;
      Integer order = null;
      if (left instanceof Number a && right instanceof Number b) {
        order = JsonValues.decimal(a).compareTo(JsonValues.decimal(b));
      } else if (left instanceof String a && right instanceof String b) {
        order = a.compareTo(b);
      }
      return switch (operator) {
        case "==" -> order != null ? order == 0 : JsonValues.same(left, right);
        case "!=" -> order != null ? order != 0 : !JsonValues.same(left, right);
        case "<" -> order != null && order < 0;
        case "<=" -> order != null && order <= 0;
        case ">" -> order != null && order > 0;
        default -> order != null && order >= 0;
      };
    }

    private Operand operand() {
      skipSpaces();
      char c = peek();
      if (c == '@' || c == '$') {
        boolean relative = c == '@';
        JsonPath path = JsonPath.parse("$" + pathText().substring(1));
        return (element, root) -> {
          try {
            return Optional.ofNullable(path.read(relative ? element : root))
                .or(() -> Optional.of(NULL));
          } catch (PathFailure missing) {
            return Optional.empty();
          }
        };
      }
      Object literal = literal(c);
      Optional<Object> value = Optional.of(literal == null ? NULL : literal);
      return (element, root) -> value;
    }

    private Object literal(char c) {
      if (c == '\'' || c == '"') {
        StringBuilder value = new StringBuilder();
        position++;
        while (position < text.length() && text.charAt(position) != c) {
          if (text.charAt(position) == '\\' && position + 1 < text.length()) {
            position++;
          }
          value.append(text.charAt(position++));
        }
        if (!take(String.valueOf(c))) {
          throw error("unclosed string");
        }
        return value.toString();
      }
      for (String keyword : new String[] {"true", "false", "null"}) {
        if (text.startsWith(keyword, position)) {
          position += keyword.length();
          return keyword.equals("null") ? null : Boolean.valueOf(keyword);
        }
      }
      int start = position;
      while (position < text.length() && "-+.eE0123456789".indexOf(text.charAt(position)) >= 0) {
        position++;
      }
      try {
        return new BigDecimal(text.substring(start, position));
      } catch (NumberFormatException notANumber) {
        throw error("expected a path, a string, a number, true, false or null at " + start);
      }
    }

    private Pattern regex() {
      skipSpaces();
      if (peek() != '/') {
        throw error("=~ needs a /regex/ at position " + position);
      }
      int end = text.indexOf('/', position + 1);
      if (end < 0) {
        throw error("unclosed /regex/");
      }
      String regex = text.substring(position + 1, end);
      position = end + 1;
      int flags = 0;
      if (peek() == 'i') {
        flags = Pattern.CASE_INSENSITIVE;
        position++;
      }
      return Pattern.compile(regex, flags);
    }

    // A path runs to the next space or operator that is not inside brackets or quotes.
    private String pathText() {
      int start = position;
      position = JsonPathParser.endOfPath(text, start, OPERATOR_CHARS);
      return text.substring(start, position);
    }

    private IllegalArgumentException error(String reason) {
      return new IllegalArgumentException("filter '" + text + "': " + reason);
    }
  }

  /** JSON null as an operand that is present. */
  Object NULL = new Object();
}
