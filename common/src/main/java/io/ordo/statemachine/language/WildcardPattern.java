package io.ordo.statemachine.language;

import java.util.regex.Pattern;

/**
 * The patterns of {@code StringMatches}: {@code *} matches any run of characters, {@code \*} a
 * literal star and {@code \\} a literal backslash; everything else matches itself.
 */
final class WildcardPattern {

  private WildcardPattern() {}

  /** Whether the whole of a string matches a pattern. */
  static boolean matches(String pattern, String value) {
    StringBuilder regex = new StringBuilder();
    for (int i = 0; i < pattern.length(); i++) {
      char c = pattern.charAt(i);
      if (c == '\\' && i + 1 < pattern.length()) {
        regex.append(Pattern.quote(String.valueOf(pattern.charAt(++i))));
      } else if (c == '*') {
        regex.append(".*");
      } else {
        regex.append(Pattern.quote(String.valueOf(c)));
      }
    }
    return Pattern.compile(regex.toString(), Pattern.DOTALL).matcher(value).matches();
  }
}
