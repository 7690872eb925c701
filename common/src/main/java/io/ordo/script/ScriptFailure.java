package io.ordo.script;

import io.ordo.parameter.InputValues;

/**
 * What a script threw, as the task's failure: the JavaScript error's name (e.g. {@code TypeError},
 * or the {@code name} of a thrown object) and message, and the script's stack.
 *
 * <p>A NUL or an unpaired UTF-16 surrogate in any of the three is kept as its escape, the text
 * backslash-u and four hex digits ({@link InputValues#printable}): PostgreSQL's {@code jsonb}
 * cannot hold a NUL, and a lone surrogate written as UTF-8 became {@code ?}. A result with one is
 * refused, but here the task is failing already, so its failure is kept, altered visibly rather
 * than silently (a NUL had become U+FFFD).
 */
public final class ScriptFailure extends RuntimeException {
  private final String errorName;
  private final String scriptStack;

  public ScriptFailure(String errorName, String message, String scriptStack) {
    super(shown(message), null, false, false);
    this.errorName = shown(errorName);
    this.scriptStack = shown(scriptStack);
  }

  private static String shown(String text) {
    return text == null ? null : InputValues.printable(text);
  }

  /** The error name a task failure reports, like a Java task's exception class. */
  public String errorName() {
    return errorName;
  }

  public String scriptStack() {
    return scriptStack;
  }

  @Override
  public String toString() {
    return errorName + ": " + getMessage();
  }
}
