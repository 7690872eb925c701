package io.ordo.statemachine.language;

import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;

/**
 * The condition of a JSONPath filter {@code [?(...)]}, as Jayway (Step Functions' JSONPath) reads
 * it: comparisons {@code ==}, {@code ===}, {@code !=}, {@code !==}, {@code <}, {@code <=}, {@code
 * >}, {@code >=}, {@code =~ /regex/} and the {@link FilterOperator words} ({@code in}, {@code
 * size}, …) between paths ({@code @...} on the element, {@code $...} on the document) and literals
 * (numbers, quoted strings, {@code true}, {@code false}, {@code null}, and JSON arrays and objects
 * whose texts may be quoted with ' or "); a path alone tests that it exists; {@code &&}, {@code
 * ||}, {@code !} and parentheses combine them. A comparison with a path that matches nothing is
 * false, except {@code !=} (and {@code nin}): a value that is not there equals nothing.
 */
interface FilterPredicate {

  /**
   * Whether an element passes.
   *
   * @param budget what the read's regular expressions may still look at
   */
  boolean test(Object element, Object root, StepWork budget);

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
    Optional<Object> value(Object element, Object root, StepWork budget);
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

    // A chain of || or && is a list tested in a loop: as nested predicates, a chain of thousands
    // of operands overflowed the stack when tested.
    private FilterPredicate or() {
      List<FilterPredicate> any = new ArrayList<>(List.of(and()));
      while (take("||")) {
        any.add(and());
      }
      if (any.size() == 1) {
        return any.get(0);
      }
      return (element, root, budget) -> {
        for (FilterPredicate operand : any) {
          if (operand.test(element, root, budget)) {
            return true;
          }
        }
        return false;
      };
    }

    private FilterPredicate and() {
      List<FilterPredicate> all = new ArrayList<>(List.of(unary()));
      while (take("&&")) {
        all.add(unary());
      }
      if (all.size() == 1) {
        return all.get(0);
      }
      return (element, root, budget) -> {
        for (FilterPredicate operand : all) {
          if (!operand.test(element, root, budget)) {
            return false;
          }
        }
        return true;
      };
    }

    private FilterPredicate unary() {
      boolean negated = false;
      while (take("!")) {
        negated = !negated; // read in a loop: a run of them is no deeper than one
      }
      FilterPredicate inner;
      if (take("(")) {
        inner = or();
        if (!take(")")) {
          throw error("expected ')' at position " + position);
        }
      } else {
        inner = comparison();
      }
      FilterPredicate operand = inner;
      return negated ? (element, root, budget) -> !operand.test(element, root, budget) : operand;
    }

    private FilterPredicate comparison() {
      Operand left = operand();
      // === and !== compare as == and != do, which compare types strictly already
      for (String operator : new String[] {"===", "!==", "==", "!=", "<=", ">=", "=~", "<", ">"}) {
        if (take(operator)) {
          if (operator.equals("=~")) {
            Pattern pattern = regex();
            String filter = text;
            return (element, root, budget) ->
                left.value(element, root, budget)
                    .filter(String.class::isInstance)
                    .map(value -> budget.matches(pattern, (String) value, filter))
                    .orElse(false);
          }
          Operand right = operand();
          return (element, root, budget) -> {
            Optional<Object> a = left.value(element, root, budget);
            Optional<Object> b = right.value(element, root, budget);
            if (a.isEmpty() || b.isEmpty()) {
              // a side that is not there equals nothing (Jayway's != is the negation of its ==)
              return operator.startsWith("!");
            }
            return compare(operator, a.get(), b.get());
          };
        }
      }
      Optional<FilterOperator> named = word();
      if (named.isPresent()) {
        FilterOperator operator = named.get();
        Operand right = operand();
        if (right instanceof Literal literal && !operator.right.accepts(literal.value())) {
          throw error(
              operator.name().toLowerCase(Locale.ROOT)
                  + " needs "
                  + operator.right.description
                  + " on its right");
        }
        return (element, root, budget) ->
            operator.test(left.value(element, root, budget), right.value(element, root, budget));
      }
      return (element, root, budget) -> left.value(element, root, budget).isPresent();
    }

    /** An operator that is a word ({@code in}, {@code size}, …), if one comes next. */
    private Optional<FilterOperator> word() {
      skipSpaces();
      int start = position;
      while (position < text.length() && Character.isLetter(text.charAt(position))) {
        position++;
      }
      if (start == position) {
        return Optional.empty();
      }
      String word = text.substring(start, position);
      return Optional.of(
          FilterOperator.named(word)
              .orElseThrow(
                  () ->
                      error(
                          "unknown operator '"
                              + word
                              + "' (a filter compares with ==, ===, !=, !==, <, <=, >, >=, =~, "
                              + FilterOperator.words()
                              + ")")));
    }

    private static boolean compare(String operator, Object left, Object right) {
      Integer order = order(left, right);
      return switch (operator) {
        case "==", "===" -> equal(left, right);
        case "!=", "!==" -> !equal(left, right);
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
        return (element, root, budget) -> {
          try {
            return Optional.ofNullable(path.read(relative ? element : root, budget))
                .or(() -> Optional.of(NULL));
          } catch (PathFailure missing) {
            return Optional.empty();
          }
        };
      }
      Object literal = literal(c);
      return new Literal(literal == null ? NULL : literal);
    }

    /** A literal; JSON arrays and objects in it may quote their texts with ' or ". */
    private Object literal(char c) {
      if (c == '[') {
        JsonArray array = new JsonArray();
        elements(']', () -> array.add(literal(peek())));
        return array;
      }
      if (c == '{') {
        JsonObject object = new JsonObject();
        elements(
            '}',
            () -> {
              if (!(literal(peek()) instanceof String key)) {
                throw error("an object's names are quoted texts, at position " + position);
              }
              expect(':');
              skipSpaces();
              object.put(key, literal(peek()));
            });
        return object;
      }
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
      try {
        return Pattern.compile(regex, flags);
      } catch (PatternSyntaxException e) {
        throw error(
            "/"
                + regex
                + "/ is not a regular expression: "
                + e.getDescription()
                + (e.getIndex() >= 0 ? " at index " + e.getIndex() : ""));
      }
    }

    // A path runs to the next space or operator that is not inside brackets or quotes.
    private String pathText() {
      int start = position;
      position = JsonPathParser.endOfPath(text, start, OPERATOR_CHARS);
      return text.substring(start, position);
    }

    /** Reads an array's or object's elements, comma-separated, to {@code close}. */
    private void elements(char close, Runnable element) {
      position++; // the opening bracket or brace
      if (take(close)) {
        return;
      }
      do {
        skipSpaces();
        element.run();
      } while (take(','));
      expect(close);
    }

    private void expect(char token) {
      if (!take(token)) {
        throw error("expected '" + token + "' at position " + position);
      }
    }

    private IllegalArgumentException error(String reason) {
      return new IllegalArgumentException("filter " + JsonValues.quoted(text) + ": " + reason);
    }
  }

  /** A literal side; its value is known when the filter is read. */
  record Literal(Object value) implements Operand {
    @Override
    public Optional<Object> value(Object element, Object root, StepWork budget) {
      return Optional.of(value);
    }
  }

  /** JSON null as an operand that is present. */
  Object NULL = new Object();

  /** Whether two sides are equal as {@code ==} finds them: numbers by value, the rest as JSON. */
  static boolean equal(Object left, Object right) {
    Integer order = order(left, right);
    return order != null ? order == 0 : JsonValues.same(plain(left), plain(right));
  }

  /** The order of two numbers or two texts; null for other sides. */
  private static Integer order(Object left, Object right) {
    if (left instanceof Number a && right instanceof Number b) {
      return JsonValues.decimal(a).compareTo(JsonValues.decimal(b));
    }
    if (left instanceof String a && right instanceof String b) {
      return a.compareTo(b);
    }
    return null;
  }

  private static Object plain(Object side) {
    return side == NULL ? null : side;
  }
}
