package io.ordo.statemachine.language;

import java.util.ArrayList;
import java.util.List;

/** Reads the text of a {@link JsonPath}; every syntax problem is an IllegalArgumentException. */
final class JsonPathParser {

  private static final String NOT_IN_NAMES = ".[]'\"*()?@,$ \t\r\n";

  private final String text;
  private final List<PathStep> steps = new ArrayList<>();
  private int position;

  JsonPathParser(String text) {
    this.text = text;
  }

  JsonPath parse() {
    if (text == null || !text.startsWith("$")) {
      throw new IllegalArgumentException("a path must start with '$'");
    }
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
    return new JsonPath(text, context, steps);
  }

  private void dotStep() {
    position++;
    if (position < text.length() && text.charAt(position) == '.') {
      throw error("deep scan '..' is not supported");
    }
    if (position < text.length() && text.charAt(position) == '*') {
      position++;
      steps.add(new PathStep.Wildcard());
      return;
    }
    int start = position;
    while (position < text.length() && NOT_IN_NAMES.indexOf(text.charAt(position)) < 0) {
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
      steps.add(new PathStep.Field(quotedName(c)));
    } else if (c == '*') {
      position++;
      steps.add(new PathStep.Wildcard());
    } else if (Character.isDigit(c)) {
      steps.add(new PathStep.Index(index()));
    } else if (c == '?' || c == '(') {
      throw error("filter and script expressions are not supported");
    } else {
      throw error("expected a quoted name, an index or '*' after '[' at position " + position);
    }
    if (position >= text.length() || text.charAt(position) != ']') {
      throw error("expected ']' at position " + position + " (slices and unions are unsupported)");
    }
    position++;
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
    while (position < text.length() && Character.isDigit(text.charAt(position))) {
      position++;
    }
    try {
      return Integer.parseInt(text.substring(start, position));
    } catch (NumberFormatException tooLarge) {
      throw error("index " + text.substring(start, position) + " is too large");
    }
  }

  private IllegalArgumentException error(String reason) {
    return new IllegalArgumentException(reason);
  }
}
