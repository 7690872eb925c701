package io.ordo.statemachine.language;

import java.util.regex.Pattern;

/**
 * How many characters the regular expressions ({@code =~}) of one JSONPath read may still look at.
 * A filter's regular expression is Java's, which backtracks: {@code ((a*)*)*b} takes exponential
 * time on a text of a's, and {@code (a|aa)+} recurses once per repetition, while a path is read on
 * an event loop. Every match of one read takes its text's characters from this budget; past it, or
 * out of stack, the read fails with {@code States.Runtime}, which names the expression.
 */
final class MatchBudget {
  /** About ten milliseconds of matching. */
  static final long CHARACTER_READS = 2_000_000;

  private long left = CHARACTER_READS;

  /**
   * Whether the whole text matches the pattern.
   *
   * @param filter the filter's text, to name in a failure
   * @throws StatesException {@code States.Runtime} past the budget or out of stack
   */
  boolean matches(Pattern pattern, String text, String filter) {
    try {
      return pattern.matcher(new Counted(text)).matches();
    } catch (Spent spent) {
      throw failure(
          pattern,
          filter,
          "looked at more than "
              + CHARACTER_READS
              + " characters in one path's read (it backtracks: avoid nested repetitions such as"
              + " (a*)*)");
    } catch (StackOverflowError tooDeep) {
      throw failure(
          pattern,
          filter,
          "recursed too deeply on a text of "
              + text.length()
              + " characters (a repeated group such as (a|b)+ recurses once per repetition)");
    }
  }

  private static StatesException failure(Pattern pattern, String filter, String what) {
    return new StatesException(
        StatesError.RUNTIME,
        "filter "
            + JsonValues.quoted(filter)
            + ": the regular expression /"
            + pattern.pattern()
            + "/ "
            + what);
  }

  /** The end of the budget; thrown without a stack trace, caught in {@link #matches}. */
  private static final class Spent extends RuntimeException {
    Spent() {
      super(null, null, false, false);
    }
  }

  /** A text that counts the reads of its characters against the budget. */
  private final class Counted implements CharSequence {
    private final String text;

    Counted(String text) {
      this.text = text;
    }

    @Override
    public char charAt(int index) {
      if (--left < 0) {
        throw new Spent();
      }
      return text.charAt(index);
    }

    @Override
    public int length() {
      return text.length();
    }

    @Override
    public CharSequence subSequence(int start, int end) {
      return text.subSequence(start, end);
    }

    @Override
    public String toString() {
      return text;
    }
  }
}
