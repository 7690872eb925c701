package io.ordo.runner.execution;

import io.ordo.parameter.InputValues;
import io.ordo.script.ScriptFailure;
import io.vertx.core.json.JsonObject;
import java.io.PrintWriter;
import java.io.StringWriter;

/**
 * A failed run as its report carries it: {@code error} (the exception's class, or a script error's
 * name), {@code cause} (its message) and {@code details} (the stack trace, at most 32 KiB, or a
 * script's stack).
 *
 * <p>A NUL or an unpaired UTF-16 surrogate in any of the three is kept as its escape, the text
 * backslash-u and four hex digits ({@link InputValues#printable}), for Java tasks and scripts
 * alike: PostgreSQL's {@code jsonb} cannot hold a NUL, and a lone surrogate written as UTF-8 became
 * {@code ?}. A result with one is refused, but here the task is failing already, so its failure is
 * kept, altered visibly rather than silently (a NUL had become U+FFFD).
 */
final class FailureData {
  private static final int MAX_TRACE = 32_768;

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
      if (details.length() > MAX_TRACE) {
        details = details.substring(0, MAX_TRACE) + "…";
      }
    }
    return new JsonObject()
        .put("error", shown(error))
        .put("cause", shown(failure.getMessage()))
        .put("details", shown(details));
  }

  private static String shown(String text) {
    return text == null ? null : InputValues.printable(text);
  }
}
