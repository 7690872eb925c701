package io.ordo.statemachine.language;

import java.math.BigDecimal;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * A comparison operator of a Choice rule, such as {@code NumericLessThanEqualsPath}: what kind of
 * values it compares, how, and whether its operand is a literal or a path.
 *
 * @param kind the kind of values compared
 * @param relation the relation tested
 * @param path whether the operand is a path into the input (the {@code ...Path} operators)
 */
public record ComparisonOperator(Kind kind, Relation relation, boolean path) {

  /** The kinds of values operators compare, by the prefix of their names. */
  public enum Kind {
    STRING("String"),
    NUMERIC("Numeric"),
    BOOLEAN("Boolean"),
    TIMESTAMP("Timestamp");

    private final String prefix;

    Kind(String prefix) {
      this.prefix = prefix;
    }

    /** Whether a literal operand suits this kind. */
    public boolean acceptsOperand(Object operand) {
      return switch (this) {
        case STRING -> operand instanceof String;
        case NUMERIC -> operand instanceof Number;
        case BOOLEAN -> operand instanceof Boolean;
        case TIMESTAMP -> Timestamps.parse(operand).isPresent();
      };
    }
  }

  /** The relations operators test, by the suffix of their names. */
  public enum Relation {
    EQUALS("Equals"),
    LESS_THAN("LessThan"),
    GREATER_THAN("GreaterThan"),
    LESS_THAN_EQUALS("LessThanEquals"),
    GREATER_THAN_EQUALS("GreaterThanEquals"),
    MATCHES("Matches");

    private final String suffix;

    Relation(String suffix) {
      this.suffix = suffix;
    }

    boolean holdsFor(int comparison) {
      return switch (this) {
        case EQUALS -> comparison == 0;
        case LESS_THAN -> comparison < 0;
        case GREATER_THAN -> comparison > 0;
        case LESS_THAN_EQUALS -> comparison <= 0;
        case GREATER_THAN_EQUALS -> comparison >= 0;
        case MATCHES -> throw new IllegalStateException("MATCHES is not an ordering");
      };
    }
  }

  private static final Map<String, ComparisonOperator> BY_FIELD = operatorsByField();

  /** Every operator field name, e.g. {@code StringEquals} and {@code StringEqualsPath}. */
  public static Set<String> fieldNames() {
    return BY_FIELD.keySet();
  }

  /** The operator a Choice rule field names, if it is one. */
  public static Optional<ComparisonOperator> forField(String fieldName) {
    return Optional.ofNullable(BY_FIELD.get(fieldName));
  }

  /** The field name, e.g. {@code NumericLessThanPath}. */
  public String fieldName() {
    return kind.prefix + relation.suffix + (path ? "Path" : "");
  }

  /**
   * Whether a value stands in this relation to an operand. A value of the wrong kind is simply not
   * matched, as in Step Functions.
   */
  public boolean test(Object value, Object operand) {
    return switch (kind) {
      case STRING ->
          value instanceof String left
              && operand instanceof String right
              && (relation == Relation.MATCHES
                  ? WildcardPattern.matches(right, left)
                  : relation.holdsFor(Integer.signum(left.compareTo(right))));
      case NUMERIC ->
          value instanceof Number left
              && operand instanceof Number right
              && relation.holdsFor(decimal(left).compareTo(decimal(right)));
      case BOOLEAN -> value instanceof Boolean && value.equals(operand);
      case TIMESTAMP -> compareTimestamps(value, operand);
    };
  }

  private boolean compareTimestamps(Object value, Object operand) {
    Optional<Instant> left = Timestamps.parse(value);
    Optional<Instant> right = Timestamps.parse(operand);
    return left.isPresent()
        && right.isPresent()
        && relation.holdsFor(left.get().compareTo(right.get()));
  }

  private static BigDecimal decimal(Number number) {
    return JsonValues.decimal(number);
  }

  private static Map<String, ComparisonOperator> operatorsByField() {
    Map<String, ComparisonOperator> operators = new LinkedHashMap<>();
    for (Kind kind : Kind.values()) {
      for (Relation relation : Relation.values()) {
        boolean defined =
            switch (kind) {
              case BOOLEAN -> relation == Relation.EQUALS;
              case STRING -> true;
              default -> relation != Relation.MATCHES;
            };
        if (defined) {
          add(operators, new ComparisonOperator(kind, relation, false));
          if (relation != Relation.MATCHES) {
            add(operators, new ComparisonOperator(kind, relation, true));
          }
        }
      }
    }
    return Map.copyOf(operators);
  }

  private static void add(Map<String, ComparisonOperator> operators, ComparisonOperator operator) {
    operators.put(operator.fieldName(), operator);
  }
}
