package io.ordo.statemachine.language;

import java.util.ArrayList;
import java.util.List;

/**
 * The patterns of {@code StringMatches}: {@code *} matches any run of characters, {@code \*} a
 * literal star and {@code \\} a literal backslash; everything else matches itself (a backslash at
 * the end, too).
 *
 * <p>Matched without backtracking: the pattern is the literal runs between its stars; the first
 * must begin the value, the last must end it, and each one between is found at its leftmost place
 * after the one before (with stars only, the leftmost place never loses a match). So a match costs
 * a few scans of the value whatever the pattern; a regular expression of {@code .*} runs had
 * backtracked for ever on a pattern of twenty stars against a value of 3,000 characters, holding
 * the event loop that evaluated the Choice.
 */
final class WildcardPattern {

  private WildcardPattern() {}

  /**
   * Whether the whole of a string matches a pattern. A run's search may compare it at every place
   * of the value ({@code indexOf}), so the step's work is charged the value's length times the
   * runs' length.
   */
  static boolean matches(String pattern, String value) {
    List<String> runs = literalRuns(pattern);
    StepWork.current().spendText((long) value.length() * Math.max(1, pattern.length()));
    if (runs.size() == 1) {
      return value.equals(runs.get(0));
    }
    String first = runs.get(0);
    String last = runs.get(runs.size() - 1);
    if (first.length() + last.length() > value.length()
        || !value.startsWith(first)
        || !value.endsWith(last)) {
      return false;
    }
    int from = first.length();
    int end = value.length() - last.length();
    for (String run : runs.subList(1, runs.size() - 1)) {
      int at = value.indexOf(run, from);
      if (at < 0 || at + run.length() > end) {
        return false;
      }
      from = at + run.length();
    }
    return true;
  }

  /** The literal runs of a pattern, split at its unescaped stars (one more run than stars). */
  private static List<String> literalRuns(String pattern) {
    List<String> runs = new ArrayList<>();
    StringBuilder run = new StringBuilder();
    for (int i = 0; i < pattern.length(); i++) {
      char c = pattern.charAt(i);
      if (c == '\\' && i + 1 < pattern.length()) {
        run.append(pattern.charAt(++i));
      } else if (c == '*') {
        runs.add(run.toString());
        run.setLength(0);
      } else {
        run.append(c);
      }
    }
    runs.add(run.toString());
    return runs;
  }
}
