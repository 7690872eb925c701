package io.ordo.runner.execution;

import io.ordo.parameter.InputValues;
import io.ordo.script.ScriptFailure;
import io.vertx.core.json.JsonObject;
import java.io.PrintWriter;
import java.io.StringWriter;

/**
 * A failed run as its report carries it: {@code error} (the exception's class, or a script error's
 * name, at most {@value #MAX_ERROR} characters), {@code cause} (its message) and {@code details}
 * (the stack trace, or a script's stack), at most {@value #MAX_TEXT} characters each, as a state
 * machine's {@code Fail}: a longer text is cut and ends with {@code …}. Unbounded, a script's
 * {@code throw new Error('x'.repeat(2e7))} was stored whole, twice (its stack repeats the message),
 * and its history could no longer be read (a 500: Jackson reads no string past 20 MB).
 *
 * <p>A NUL or an unpaired UTF-16 surrogate in any of the three is kept as its escape, the text
 * backslash-u and four hex digits ({@link InputValues#printable}), for Java tasks and scripts
 * alike: PostgreSQL's {@code jsonb} cannot hold a NUL, and a lone surrogate written as UTF-8 became
 * {@code ?}. A result with one is refused, but here the task is failing already, so its failure is
 * kept, altered visibly rather than silently (a NUL had become U+FFFD).
 */
final class FailureData {
  static final int MAX_ERROR = 256;
  static final int MAX_TEXT = 32_768;

  private FailureData() {}

  static JsonObject of(Throwable failure) {
    String error;
    String details;
    if (failure instanceof ScriptFailure script) {
      error = script.errorName();
      details = script.scriptStack();
    } else {
      error = failure.getClass().getName();
      StringWriter trace = new StringWriter();
      failure.printStackTrace(new PrintWriter(trace));
      details = trace.toString();
    }
    return new JsonObject()
        .put("error", shown(error, MAX_ERROR))
        .put("cause", shown(failure.getMessage(), MAX_TEXT))
        .put("details", shown(details, MAX_TEXT));
  }

  /** The text with its NULs and lone surrogates escaped, cut to {@code max} characters. */
  private static String shown(String text, int max) {
    if (text == null) {
      return null;
    }
    // cut before escaping, and again after: escapes lengthen a text up to six times
    String shown = InputValues.printable(cut(text, max));
    return cut(shown, max);
  }

  private static String cut(String text, int max) {
    if (text.length() <= max) {
      return text;
    }
    int end = max - 1; // room for the ellipsis
    if (Character.isHighSurrogate(text.charAt(end - 1))) {
      end--; // never half of a pair
    }
    return text.substring(0, end) + "…";
  }
}
