package io.ordo.statemachine.language;

import java.util.ArrayList;
import java.util.List;

/** Reads the text of a {@link JsonPath}; every syntax problem is an IllegalArgumentException. */
final class JsonPathParser extends TextScanner {

  /**
   * What ends a name in dot notation, as Jayway reads one: the next step ({@code .} or {@code [}),
   * a function's parenthesis, or whitespace. Anything else belongs to the name ({@code
   * $.@timestamp}, {@code $.$metadata.code}).
   */
  private static final String NAME_ENDS = ".[( \t\r\n";

  /**
   * The deepest a path may nest brackets, parentheses and braces (filters, their groups, literals
   * and paths inside them): far beyond what a path means to say, and well within what its reading,
   * one call a level, can hold.
   */
  static final int MAX_NESTING = 32;

  private final List<PathStep> steps = new ArrayList<>();

  JsonPathParser(String text) {
    super(text);
  }

  /**
   * Where a path written inside a larger text (an intrinsic function's argument, a filter's
   * operand) ends: at the first space or one of {@code stops} that is not inside brackets or
   * quotes.
   */
  static int endOfPath(String text, int from, String stops) {
    int position = from;
    int depth = 0;
    while (position < text.length()) {
      char c = text.charAt(position);
      if (c == '\'' || c == '"') {
        position = afterQuoted(text, position);
        continue;
      } else if (c == '[') {
        depth++;
      } else if (c == ']') {
        depth--;
      } else if (depth == 0 && (Character.isWhitespace(c) || stops.indexOf(c) >= 0)) {
        break;
      }
      position++;
    }
    return position;
  }

  /**
   * Where the quoted text that opens at {@code quote} ends: just after its closing quote, or the
   * end of {@code text} if it has none. A backslash takes the character after it as it is, as in a
   * quoted name ({@code $['it\'s']}), so every scan of a path skips quoted text alike.
   */
  static int afterQuoted(String text, int quote) {
    char mark = text.charAt(quote);
    int position = quote + 1;
    while (position < text.length()) {
      char c = text.charAt(position);
      if (c == mark) {
        return position + 1;
      }
      position += c == '\\' ? 2 : 1;
    }
    return text.length();
  }

  JsonPath parse() {
    if (text == null || !text.startsWith("$")) {
      throw new IllegalArgumentException("a path must start with '$'");
    }
    checkNesting();
    boolean context = text.startsWith("$$");
    position = context ? 2 : 1;
    while (position < text.length()) {
      char c = text.charAt(position);
      if (c == '.') {
        dotStep();
      } else if (c == '[') {
        bracketStep();
      } else {
        throw error("expected '.' or '[' at position " + position);
      }
    }
    mergeTrailingNames();
    return new JsonPath(text, context, steps);
  }

  /** Refuses a path that nests deeper than {@link #MAX_NESTING}, before reading it. */
  private void checkNesting() {
    int depth = 0;
    int i = 0;
    while (i < text.length()) {
      char c = text.charAt(i);
      if (c == '\'' || c == '"') {
        i = afterQuoted(text, i);
        continue;
      } else if (c == '[' || c == '(' || c == '{') {
        if (++depth > MAX_NESTING) {
          throw error(
              "the path nests brackets and parentheses more than " + MAX_NESTING + " levels deep");
        }
      } else if (c == ']' || c == ')' || c == '}') {
        depth--;
      }
      i++;
    }
  }

  /**
   * Several names in one bracket at the end of a path read as one object of those fields, as in
   * Jayway ({@code $['x','y']} on {@code {"x":1,"y":2,"z":3}} is {@code {"x":1,"y":2}}); before
   * another step they select each field in turn (a {@link PathSelectors.Union}).
   */
  private void mergeTrailingNames() {
    int last = steps.size() - 1;
    if (last >= 0 && steps.get(last) instanceof PathSelectors.Union union) {
      List<String> names = union.fieldNames();
      if (!names.isEmpty()) {
        boolean afterDeepScan = last > 0 && steps.get(last - 1) instanceof PathSelectors.DeepScan;
        steps.set(last, new PathStep.Fields(names, afterDeepScan));
      }
    }
  }

  private void dotStep() {
    position++;
    if (peek() == '.') {
      steps.add(new PathSelectors.DeepScan());
      position++;
      if (peek() == '[') {
        return;
      }
    }
    if (position < text.length() && text.charAt(position) == '*') {
      position++;
      steps.add(new PathStep.Wildcard());
      return;
    }
    int start = position;
    while (position < text.length() && NAME_ENDS.indexOf(text.charAt(position)) < 0) {
      position++;
    }
    if (position == start) {
      throw error("a field name is missing after '.' at position " + (start - 1));
    }
    String name = text.substring(start, position);
    if (position < text.length() && text.charAt(position) == '(') {
      throw error("functions such as '" + name + "()' are not supported");
    }
    steps.add(new PathStep.Field(name));
  }

  private void bracketStep() {
    position++;
    if (position >= text.length()) {
      throw error("unclosed '['");
    }
    char c = text.charAt(position);
    if (c == '\'' || c == '"') {
      List<PathStep> names = new ArrayList<>();
      names.add(new PathStep.Field(quotedName(c)));
      while (take(',')) {
        skipSpaces();
        char quote = peek();
        if (quote != '\'' && quote != '"') {
          throw error("expected a quoted name at position " + position);
        }
        names.add(new PathStep.Field(quotedName(quote)));
      }
      steps.add(names.size() == 1 ? names.get(0) : new PathSelectors.Union(names));
    } else if (c == '*') {
      position++;
      steps.add(new PathStep.Wildcard());
    } else if (Character.isDigit(c) || c == '-' || c == ':') {
      indexOrSlice();
    } else if (c == '?') {
      filter();
    } else if (c == '(') {
      throw error("script expressions are not supported");
    } else {
      throw error("expected a quoted name, an index or '*' after '[' at position " + position);
    }
    if (!take(']')) {
      throw error("expected ']' at position " + position);
    }
  }

  // [n], [-n], [a:b], [a:], [:b], or a union [a,b,...]
  private void indexOrSlice() {
    Integer first = peek() == ':' ? null : index();
    if (take(':')) {
      steps.add(new PathSelectors.Slice(first, peek() == ']' ? null : index()));
      return;
    }
    List<PathStep> members = new ArrayList<>();
    members.add(new PathStep.Index(first));
    while (take(',')) {
      skipSpaces();
      members.add(new PathStep.Index(index()));
    }
    steps.add(members.size() == 1 ? members.get(0) : new PathSelectors.Union(members));
  }

  // [?(condition)]: the condition runs to the ')' that closes its '(', outside quotes.
  private void filter() {
    position++;
    if (!take('(')) {
      throw error("expected '(' after '[?' at position " + position);
    }
    int start = position;
    int depth = 1;
    while (position < text.length() && depth > 0) {
      char c = text.charAt(position);
      if (c == '\'' || c == '"') {
        position = afterQuoted(text, position);
        continue;
      } else if (c == '(') {
        depth++;
      } else if (c == ')') {
        depth--;
      }
      position++;
    }
    if (depth > 0) {
      throw error("unclosed filter '[?('");
    }
    steps.add(new PathSelectors.Filter(FilterPredicate.parse(text.substring(start, position - 1))));
  }

  private String quotedName(char quote) {
    StringBuilder name = new StringBuilder();
    position++;
    while (position < text.length() && text.charAt(position) != quote) {
      char c = text.charAt(position);
      if (c == '\\' && position + 1 < text.length()) {
        position++;
        c = text.charAt(position);
      }
      name.append(c);
      position++;
    }
    if (position >= text.length()) {
      throw error("unclosed quoted name");
    }
    position++;
    return name.toString();
  }

  private int index() {
    int start = position;
    if (peek() == '-') {
      position++;
    }
    while (position < text.length() && Character.isDigit(text.charAt(position))) {
      position++;
    }
    try {
      return Integer.parseInt(text.substring(start, position));
    } catch (NumberFormatException notAnIndex) {
      throw error("bad index '" + text.substring(start, position) + "' at position " + start);
    }
  }

  private IllegalArgumentException error(String reason) {
    return new IllegalArgumentException(reason);
  }
}
