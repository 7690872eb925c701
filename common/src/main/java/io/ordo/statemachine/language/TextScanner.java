package io.ordo.statemachine.language;

/** A text read left to right: the cursor the path, intrinsic-call and filter parsers share. */
abstract class TextScanner {
  final String text;
  int position;

  TextScanner(String text) {
    this.text = text;
  }

  /** The character at the cursor, or 0 at the end. */
  char peek() {
    return text != null && position < text.length() ? text.charAt(position) : 0;
  }

  void skipSpaces() {
    while (text != null
        && position < text.length()
        && Character.isWhitespace(text.charAt(position))) {
      position++;
    }
  }

  /** Skips spaces, then the token if it comes next; whether it did. */
  boolean take(String token) {
    skipSpaces();
    if (text.startsWith(token, position)) {
      position += token.length();
      return true;
    }
    return false;
  }

  boolean take(char token) {
    return take(String.valueOf(token));
  }
}
